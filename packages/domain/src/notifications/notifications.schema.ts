import { z } from 'zod';
import { zText } from '../shared/limits.js';

/** What a participant is told about (issue 30): each kind is produced once per event and person. */
export const NOTIFICATION_KINDS = [
  'campaign-launched',
  'reward-unlocked',
  'entry-accepted',
  'entry-rejected',
  'prize-assigned',
  'campaign-ending',
] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Where it goes: the inbox always; push and mail as the participant chooses. */
export const NOTIFICATION_CHANNELS = ['inbox', 'push', 'mail'] as const;
export type TNotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
/** The channels a participant can turn on and off (the inbox cannot be turned off). */
export const CHOOSABLE_CHANNELS = ['push', 'mail'] as const;
export type TChoosableChannel = (typeof CHOOSABLE_CHANNELS)[number];

/** What a channel does when the participant never chose: push on (it needs a subscription anyway), mail off. */
export function defaultChoice(channel: TNotificationChannel): boolean {
  return channel !== 'mail';
}

/** A campaign ending is announced this long before its end. */
export const CAMPAIGN_ENDING_NOTICE_SECONDS = 24 * 60 * 60;

export const ZNotificationData = z.object({
  campaignName: z.string(),
  rewardTitle: z.string().nullable(),
  missionTitle: z.string().nullable(),
  reason: z.string().nullable(),
  /** Epoch seconds of the campaign's end (campaign-ending). */
  endsAt: z.number().int().nullable(),
});
export type TNotificationData = z.infer<typeof ZNotificationData>;

export const ZNotification = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  campaignId: z.number().int(),
  data: ZNotificationData,
  /** Epoch seconds. */
  createdAt: z.number().int(),
  read: z.boolean(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationList = z.object({ items: z.array(ZNotification), unread: z.number().int() });
export type TNotificationList = z.infer<typeof ZNotificationList>;

export const ZNotificationListQuery = z
  .object({ before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional() })
  .strict();

export const ZMarkNotificationsReadBody = z
  .object({
    /** The items read; absent: every item. */
    ids: z.array(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)).max(200).optional(),
  })
  .strict();
export type TMarkNotificationsReadBody = z.infer<typeof ZMarkNotificationsReadBody>;

export const ZNotificationChoice = z
  .object({ kind: z.enum(NOTIFICATION_KINDS), channel: z.enum(CHOOSABLE_CHANNELS), enabled: z.boolean() })
  .strict();
export type TNotificationChoice = z.infer<typeof ZNotificationChoice>;

export const ZNotificationChoices = z.object({
  choices: z.array(ZNotificationChoice),
  /** Whether this participant has an email address (mail can be chosen). */
  canMail: z.boolean(),
  /** Devices (browsers) subscribed to push. */
  pushDevices: z.number().int(),
});
export type TNotificationChoices = z.infer<typeof ZNotificationChoices>;

export const ZNotificationChoicesBody = z
  .object({ choices: z.array(ZNotificationChoice).min(1).max(NOTIFICATION_KINDS.length * CHOOSABLE_CHANNELS.length) })
  .strict();
export type TNotificationChoicesBody = z.infer<typeof ZNotificationChoicesBody>;

/** A base64url string of exactly `bytes` bytes (no padding). */
const base64urlOf = (bytes: number, what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, `${what} must be base64url`)
    .refine((s) => Math.floor((s.length * 3) / 4) === bytes, `${what} must be ${bytes} bytes`);

export const ZPushSubscriptionBody = z
  .object({
    /** The push service URL the browser's PushSubscription gave. */
    endpoint: z.url({ protocol: /^https?$/ }).max(2048),
    keys: z
      .object({
        p256dh: base64urlOf(65, 'p256dh'),
        auth: base64urlOf(16, 'auth'),
      })
      .strict(),
    /** The language pushes to this browser are written in. */
    language: z.enum(['en', 'es', 'fr']).optional(),
  })
  .strict();
export type TPushSubscriptionBody = z.infer<typeof ZPushSubscriptionBody>;

export const ZPushUnsubscribeBody = z.object({ endpoint: zText(2048) }).strict();

export const ZPushKey = z.object({
  /** The VAPID public key (base64url), the applicationServerKey of pushManager.subscribe. */
  publicKey: z.string(),
});
export type TPushKey = z.infer<typeof ZPushKey>;

type Lang = 'en' | 'es' | 'fr';
const TEXTS: Record<Lang, Record<TNotificationKind, { title: string; body: string }>> = {
  en: {
    'campaign-launched': { title: 'New campaign: {campaign}', body: '{campaign} now reaches you. Open it to see its missions and rewards.' },
    'reward-unlocked': { title: 'Reward unlocked', body: 'You unlocked {reward} in {campaign}.' },
    'entry-accepted': { title: 'Entry accepted', body: 'Your entry for {mission} in {campaign} was accepted.' },
    'entry-rejected': { title: 'Entry not accepted', body: 'Your entry for {mission} in {campaign} was not accepted. Reason: {reason}' },
    'prize-assigned': { title: 'You won a prize', body: '{reward} in {campaign} is yours. Fill in the delivery form in My rewards.' },
    'campaign-ending': { title: '{campaign} ends soon', body: '{campaign} ends in less than 24 hours.' },
  },
  es: {
    'campaign-launched': { title: 'Nueva campaña: {campaign}', body: '{campaign} ya te incluye. Ábrela para ver sus misiones y recompensas.' },
    'reward-unlocked': { title: 'Recompensa desbloqueada', body: 'Has desbloqueado {reward} en {campaign}.' },
    'entry-accepted': { title: 'Participación aceptada', body: 'Tu participación en {mission} de {campaign} fue aceptada.' },
    'entry-rejected': { title: 'Participación no aceptada', body: 'Tu participación en {mission} de {campaign} no fue aceptada. Motivo: {reason}' },
    'prize-assigned': { title: 'Has ganado un premio', body: '{reward} de {campaign} es tuyo. Rellena el formulario de entrega en Mis recompensas.' },
    'campaign-ending': { title: '{campaign} termina pronto', body: '{campaign} termina en menos de 24 horas.' },
  },
  fr: {
    'campaign-launched': { title: 'Nouvelle campagne : {campaign}', body: '{campaign} vous concerne désormais. Ouvrez-la pour voir ses missions et récompenses.' },
    'reward-unlocked': { title: 'Récompense débloquée', body: 'Vous avez débloqué {reward} dans {campaign}.' },
    'entry-accepted': { title: 'Participation acceptée', body: 'Votre participation à {mission} dans {campaign} a été acceptée.' },
    'entry-rejected': { title: 'Participation refusée', body: 'Votre participation à {mission} dans {campaign} a été refusée. Motif : {reason}' },
    'prize-assigned': { title: 'Vous avez gagné un lot', body: '{reward} dans {campaign} est à vous. Remplissez le formulaire de livraison dans Mes récompenses.' },
    'campaign-ending': { title: '{campaign} se termine bientôt', body: '{campaign} se termine dans moins de 24 heures.' },
  },
};
const NO_REASON: Record<Lang, string> = { en: 'none given', es: 'sin motivo', fr: 'aucun motif' };

/** The words of a notification in a language (inbox, push and mail say the same). */
export function notificationText(kind: TNotificationKind, data: TNotificationData, lang: string): { title: string; body: string } {
  const l: Lang = lang === 'es' || lang === 'fr' ? lang : 'en';
  const vars: Record<string, string> = {
    campaign: data.campaignName,
    reward: data.rewardTitle ?? '',
    mission: data.missionTitle ?? '',
    reason: data.reason ?? NO_REASON[l],
  };
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');
  const t = TEXTS[l][kind];
  return { title: fill(t.title), body: fill(t.body) };
}
