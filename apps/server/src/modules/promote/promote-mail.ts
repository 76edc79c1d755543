import type { TPromoteTemplate } from '@rally/domain';
import { renderEmail, type RenderedEmail } from '../../lib/email-template.js';

type Lang = 'en' | 'es' | 'fr';

interface Words {
  hello: string;
  announcement: string[];
  reminder: string[];
  last_chance: string[];
  open: string;
  why: string;
  unsubscribe: string;
  noEnd: string;
  subjects: Record<TPromoteTemplate, string>;
}

// {store} {brand} {campaign} {end}
const WORDS: Record<Lang, Words> = {
  en: {
    hello: 'Hello {store} team,',
    announcement: ['{brand} has launched {campaign} and your store takes part.', 'Open Rally to see the missions and the rewards you can unlock. It runs until {end}.'],
    reminder: ['A reminder: {campaign} by {brand} is running until {end}.', 'There is still time to complete the missions and unlock the rewards.'],
    last_chance: ['Last chance: {campaign} by {brand} ends on {end}.', 'Complete your missions now so your rewards still count.'],
    open: 'Take part in Rally',
    why: 'You get this mail because your store takes part in campaigns of {brand}.',
    unsubscribe: 'Unsubscribe',
    noEnd: 'further notice',
    subjects: { announcement: '{campaign} has started', reminder: 'Reminder: {campaign}', last_chance: 'Last chance: {campaign}' },
  },
  es: {
    hello: 'Hola, equipo de {store}:',
    announcement: ['{brand} ha lanzado {campaign} y tu tienda participa.', 'Abre Rally para ver las misiones y las recompensas que puedes conseguir. Dura hasta el {end}.'],
    reminder: ['Recordatorio: {campaign} de {brand} sigue en marcha hasta el {end}.', 'Aún hay tiempo para completar las misiones y conseguir las recompensas.'],
    last_chance: ['Última oportunidad: {campaign} de {brand} termina el {end}.', 'Completa ahora tus misiones para que tus recompensas cuenten.'],
    open: 'Participar en Rally',
    why: 'Recibes este correo porque tu tienda participa en campañas de {brand}.',
    unsubscribe: 'Darse de baja',
    noEnd: 'nuevo aviso',
    subjects: { announcement: 'Ha empezado {campaign}', reminder: 'Recordatorio: {campaign}', last_chance: 'Última oportunidad: {campaign}' },
  },
  fr: {
    hello: 'Bonjour à l’équipe de {store},',
    announcement: ['{brand} a lancé {campaign} et votre magasin y participe.', 'Ouvrez Rally pour voir les missions et les récompenses à débloquer. Elle dure jusqu’au {end}.'],
    reminder: ['Rappel : {campaign} de {brand} se poursuit jusqu’au {end}.', 'Il est encore temps de terminer les missions et de débloquer les récompenses.'],
    last_chance: ['Dernière chance : {campaign} de {brand} se termine le {end}.', 'Terminez vos missions maintenant pour que vos récompenses comptent.'],
    open: 'Participer dans Rally',
    why: 'Vous recevez cet e-mail parce que votre magasin participe aux campagnes de {brand}.',
    unsubscribe: 'Se désinscrire',
    noEnd: 'nouvel ordre',
    subjects: { announcement: '{campaign} a commencé', reminder: 'Rappel : {campaign}', last_chance: 'Dernière chance : {campaign}' },
  },
};

const fill = (t: string, v: Record<string, string>) => t.replace(/\{(\w+)\}/g, (m, k: string) => v[k] ?? m);

export interface PromoteMailInput {
  template: TPromoteTemplate;
  language: Lang;
  storeName: string;
  brandName: string;
  campaignName: string;
  endDate: Date | null;
  timeZone: string;
  playUrl: string;
  unsubscribeUrl: string;
}

/** A default subject per template, offered by the dialog (the brand may change it). */
export const defaultPromoteSubject = (template: TPromoteTemplate, language: Lang, campaignName: string) =>
  fill(WORDS[language].subjects[template], { campaign: campaignName });

export async function renderPromoteMail(i: PromoteMailInput): Promise<RenderedEmail> {
  const w = WORDS[i.language];
  const end = i.endDate
    ? new Intl.DateTimeFormat(i.language, { dateStyle: 'long', timeZone: i.timeZone }).format(i.endDate)
    : w.noEnd;
  const values = { store: i.storeName, brand: i.brandName, campaign: i.campaignName, end };
  return renderEmail({
    lang: i.language,
    title: i.campaignName,
    preheader: fill(w[i.template][0]!, values),
    paragraphs: [fill(w.hello, values), ...w[i.template].map((p) => fill(p, values))],
    action: { label: w.open, url: i.playUrl },
    footer: fill(w.why, values),
    footerLink: { label: w.unsubscribe, url: i.unsubscribeUrl },
  });
}
