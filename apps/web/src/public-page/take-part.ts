export interface PageData {
  lang: string;
  campaignId?: number;
  uid?: string;
  embed?: boolean;
  m?: Record<'code' | 'codeSent' | 'continue' | 'otherEmail' | 'submit' | 'yourCode' | 'copy' | 'copied' | 'mailed' | 'already' | 'thanks' | 'pending' | 'error' | 'required' | 'working', string>;
}

interface Field {
  kind: 'field' | 'question' | 'option';
  id: number;
  title: string;
  fieldType?: 'photo' | 'text' | 'number' | 'choice';
  required?: boolean;
  choices?: string[];
}
interface Mission {
  campaignMissionId: number;
  title: string;
  submissionKind: string;
  entriesLeft: number | null;
  items: Field[];
}
interface Unlock {
  campaignId: number;
  title: string;
  code: string | null;
  status: string;
}

class ApiError extends Error {}

const h = <K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: (Node | string)[]) => {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  el.append(...children);
  return el;
};

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(path, {
    credentials: 'same-origin',
    ...init,
    headers: { 'x-rally-request': '1', ...(init.body && !(init.body instanceof FormData) ? { 'content-type': 'application/json' } : {}), ...init.headers },
  });
  const body = res.status === 204 ? null : await res.json().catch(() => null);
  if (!res.ok) {
    const e = (body as { error?: { message?: string; fields?: { message: string }[] } } | null)?.error;
    throw new ApiError(e?.fields?.[0]?.message ?? e?.message ?? String(res.status));
  }
  return body as T;
}

export async function takePart(root: HTMLElement, data: PageData) {
  const m = data.m!;
  const campaignId = data.campaignId!;
  let email = '';

  const show = (...nodes: Node[]) => {
    root.replaceChildren(...nodes);
    const first = root.querySelector<HTMLElement>('input, select, button, [tabindex="-1"]');
    first?.focus();
  };
  const errorBox = () => h('p', { class: 'error', role: 'alert' });
  const busy = async (button: HTMLButtonElement, box: HTMLElement, work: () => Promise<void>) => {
    const label = button.textContent;
    button.disabled = true;
    button.textContent = m.working;
    box.textContent = '';
    try {
      await work();
    } catch (e) {
      box.textContent = e instanceof ApiError ? `${m.error} (${e.message})` : m.error;
      button.disabled = false;
      button.textContent = label;
    }
  };

  const codeBlock = (u: Unlock) => {
    const copy = h('button', { type: 'button', class: 'secondary' }, m.copy) as HTMLButtonElement;
    const said = h('span', { 'aria-live': 'polite', class: 'sr-only' });
    copy.addEventListener('click', () => {
      void navigator.clipboard?.writeText(u.code!).then(() => {
        copy.textContent = m.copied;
        said.textContent = m.copied;
      });
    });
    return h('div', {}, h('h3', {}, u.title), h('p', {}, h('span', { class: 'code' }, u.code!), copy, ' ', said));
  };

  const showRewards = async (headline: string) => {
    const mine = await api<{ items: Unlock[] }>('/api/play/rewards');
    const codes = mine.items.filter((u) => u.campaignId === campaignId && u.code);
    const heading = h('p', { tabindex: '-1' }, h('strong', {}, headline));
    show(
      heading,
      ...(codes.length ? [h('h3', {}, m.yourCode), ...codes.map(codeBlock), h('p', { class: 'hint' }, m.mailed.replace('{email}', email || ''))] : []),
    );
    heading.focus();
  };

  const missionForm = (mission: Mission) => {
    const box = errorBox();
    const button = h('button', { type: 'submit' }, m.submit) as HTMLButtonElement;
    const inputs: { item: Field; el: HTMLInputElement | HTMLSelectElement }[] = [];
    const fields = mission.items.filter((i) => i.kind === 'field').map((item) => {
      const id = `rally-f${item.id}`;
      const label = h('label', { for: id }, item.title, item.required ? ` (${m.required})` : '');
      let el: HTMLInputElement | HTMLSelectElement;
      if (item.fieldType === 'choice') {
        el = h('select', { id }, h('option', { value: '' }, '—'), ...(item.choices ?? []).map((c) => h('option', { value: c }, c)));
      } else if (item.fieldType === 'photo') {
        el = h('input', { id, type: 'file', accept: 'image/*' });
      } else {
        el = h('input', { id, type: item.fieldType === 'number' ? 'number' : 'text', maxlength: '2000' });
      }
      if (item.required) el.setAttribute('required', '');
      inputs.push({ item, el });
      return h('div', {}, label, el);
    });
    const form = h('form', { novalidate: '' }, h('h3', {}, mission.title), ...fields, box, button);
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      void busy(button, box, async () => {
        const answers: { itemId: number; value: string | number | null }[] = [];
        for (const { item, el } of inputs) {
          let value: string | number | null = null;
          if (el instanceof HTMLInputElement && el.type === 'file') {
            const file = el.files?.[0];
            if (file) {
              const fd = new FormData();
              fd.append('file', file);
              value = (await api<{ uploadId: string }>('/api/play/uploads', { method: 'POST', body: fd })).uploadId;
            }
          } else if (el.value.trim() !== '') {
            value = item.fieldType === 'number' ? Number(el.value) : el.value.trim();
          }
          if (item.required && value === null) {
            el.focus();
            throw new ApiError(`${item.title}: ${m.required}`);
          }
          answers.push({ itemId: item.id, value });
        }
        const result = await api<{ completion: { status: string } }>(`/api/play/campaigns/${campaignId}/missions/${mission.campaignMissionId}/completions`, {
          method: 'POST',
          headers: { 'idempotency-key': `public-${crypto.randomUUID()}` },
          body: JSON.stringify({ kind: 'general', answers }),
        });
        await showRewards(result.completion.status === 'pending' ? m.pending : m.thanks);
      });
    });
    show(form);
  };

  const loadMission = async () => {
    const detail = await api<{ missions: Mission[] }>(`/api/play/campaigns/${campaignId}`);
    const mission = detail.missions.find((x) => x.submissionKind === 'general') ?? detail.missions[0];
    if (!mission) return;
    if (mission.entriesLeft === 0) await showRewards(m.already);
    else missionForm(mission);
  };

  const codeStep = () => {
    const box = errorBox();
    const input = h('input', { id: 'rally-code', inputmode: 'numeric', autocomplete: 'one-time-code', pattern: '[0-9]{6}', maxlength: '6', required: '' }) as HTMLInputElement;
    const button = h('button', { type: 'submit' }, m.continue) as HTMLButtonElement;
    const other = h('button', { type: 'button', class: 'secondary' }, m.otherEmail) as HTMLButtonElement;
    const form = h('form', { novalidate: '' }, h('p', {}, m.codeSent.replace('{email}', email)), h('label', { for: 'rally-code' }, m.code), input, box, button, ' ', other);
    other.addEventListener('click', () => location.reload());
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      void busy(button, box, async () => {
        await api(`/api/play/auth/verify-code${data.embed ? '?framed=1' : ''}`, { method: 'POST', body: JSON.stringify({ email, code: input.value.trim() }) });
        await loadMission();
      });
    });
    show(form);
  };

  const join = root.querySelector<HTMLFormElement>('#rally-join');
  if (join) {
    const box = errorBox();
    const button = join.querySelector<HTMLButtonElement>('button[type=submit]')!;
    button.before(box);
    join.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const form = new FormData(join);
      email = String(form.get('email') ?? '').trim();
      void busy(button, box, async () => {
        await api('/api/play/auth/request-code', {
          method: 'POST',
          body: JSON.stringify({ email, join: { campaignUid: data.uid, name: String(form.get('name') ?? '').trim(), countryCode: String(form.get('country') ?? '') } }),
        });
        codeStep();
      });
    });
  }
  // A visitor signed in earlier (this browser, or this site's partition of it) goes straight to the mission.
  try {
    const me = await api<{ participant: { kind: string; email: string } }>('/api/play/me');
    if (me.participant.kind === 'consumer') {
      email = me.participant.email;
      await loadMission();
    }
  } catch {
    // Not signed in: the join form stays.
  }
}
