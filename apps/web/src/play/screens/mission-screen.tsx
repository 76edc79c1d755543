import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type {
  TPlayCampaignDetail,
  TPlayColleagues,
  TPlayCompletionBody,
  TPlayCompletionResult,
  TPlayMission,
  TPlayMissionItem,
  TPlayUpload,
} from '@rally/domain';
import { PlayApiError, fieldError, newIdempotencyKey, playFetch } from '../play-api';
import { PlayLink, usePlayGet } from '../play-router';
import { usePlayI18n } from '../play-i18n';
import { useJoinT } from '../play-join-messages';
import { ErrorNote, Loading, TextField, UnlockCard } from '../play-ui';

type TQuestion = Extract<TPlayMissionItem, { kind: 'question' }>;
type TOption = Extract<TPlayMissionItem, { kind: 'option' }>;
type TField = Extract<TPlayMissionItem, { kind: 'field' }>;

async function upload(file: File): Promise<TPlayUpload> {
  const form = new FormData();
  form.append('file', file);
  return playFetch<TPlayUpload>('/uploads', { body: form });
}

/** "12,50" or "12.5" → 1250 cents; blank → undefined. */
export function parseAmountToCents(text: string): number | undefined {
  const cleaned = text.trim().replace(/\s/g, '').replace(',', '.');
  if (cleaned === '') return undefined;
  const value = Number(cleaned);
  return Number.isFinite(value) && value >= 0 ? Math.round(value * 100) : Number.NaN;
}

interface TFormProps {
  mission: TPlayMission;
  busy: boolean;
  error: unknown;
  onSubmit: (build: () => Promise<TPlayCompletionBody>) => void;
}

function QuizForm({ mission, busy, error, onSubmit }: TFormProps) {
  const { t } = usePlayI18n();
  const questions = mission.items.filter((i): i is TQuestion => i.kind === 'question');
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(async () => ({
      kind: 'learning',
      answers: questions.filter((q) => answers[q.id]).map((q) => ({ itemId: q.id, optionId: answers[q.id] ?? '' })),
    }));
  };
  return (
    <form className="stack" onSubmit={submit} noValidate>
      {mission.passingGrade !== null ? (
        <p className="muted">{t('quiz.passing', { grade: mission.passingGrade })}</p>
      ) : null}
      {questions.map((q, index) => {
        const err = fieldError(error, `answers.${index}`);
        return (
          <fieldset key={q.id} className="card stack-sm" aria-invalid={err ? true : undefined}>
            <legend>
              <span className="muted small">{t('quiz.question', { n: index + 1, total: questions.length })}</span>
              <br />
              <strong>{q.title}</strong>
            </legend>
            {q.options.map((o) => (
              <label key={o.id} className="choice">
                <input
                  type="radio"
                  name={`q-${q.id}`}
                  value={o.id}
                  checked={answers[q.id] === o.id}
                  onChange={() => setAnswers((a) => ({ ...a, [q.id]: o.id }))}
                />
                {o.text}
              </label>
            ))}
            {err ? <small className="field-error">{err}</small> : null}
          </fieldset>
        );
      })}
      <SubmitRow busy={busy} error={error} label={t('quiz.submit')} />
    </form>
  );
}

function GeneralForm({ mission, busy, error, onSubmit }: TFormProps) {
  const { t } = usePlayI18n();
  const fields = mission.items.filter((i): i is TField => i.kind === 'field');
  const [values, setValues] = useState<Record<number, string>>({});
  const [files, setFiles] = useState<Record<number, File | undefined>>({});
  const set = (id: number, value: string) => setValues((v) => ({ ...v, [id]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(async () => {
      const answers = [];
      for (const f of fields) {
        let value: string | number | null = values[f.id]?.trim() ? (values[f.id] ?? '').trim() : null;
        if (f.fieldType === 'photo') {
          const file = files[f.id];
          value = file ? (await upload(file)).uploadId : null;
        } else if (f.fieldType === 'number' && value !== null) {
          value = Number(value.replace(',', '.'));
        }
        answers.push({ itemId: f.id, value });
      }
      return { kind: 'general', answers };
    });
  };
  return (
    <form className="stack" onSubmit={submit} noValidate>
      {fields.map((f, index) => {
        const label = f.required ? `${f.title} (${t('form.required')})` : f.title;
        const err = fieldError(error, `answers.${index}`);
        if (f.fieldType === 'choice') {
          return (
            <div key={f.id} className="field">
              <label htmlFor={`f-${f.id}`}>{label}</label>
              <select
                id={`f-${f.id}`}
                required={f.required}
                aria-invalid={err ? true : undefined}
                value={values[f.id] ?? ''}
                onChange={(e) => set(f.id, e.target.value)}
              >
                <option value="">{t('form.choose')}</option>
                {f.choices.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
              {err ? <small className="field-error">{err}</small> : null}
            </div>
          );
        }
        if (f.fieldType === 'photo') {
          return (
            <TextField
              key={f.id}
              label={label}
              type="file"
              accept="image/*"
              capture="environment"
              required={f.required}
              onChange={(e) => setFiles((s) => ({ ...s, [f.id]: e.target.files?.[0] }))}
              error={err}
            />
          );
        }
        return (
          <TextField
            key={f.id}
            label={label}
            type="text"
            inputMode={f.fieldType === 'number' ? 'decimal' : undefined}
            required={f.required}
            value={values[f.id] ?? ''}
            onChange={(e) => set(f.id, e.target.value)}
            error={err}
          />
        );
      })}
      <SubmitRow busy={busy} error={error} label={t('form.submit')} />
    </form>
  );
}

/** Item sold and contest entries: quantities per item and/or a sales amount, with a receipt photo. */
function SaleForm({ mission, busy, error, onSubmit }: TFormProps) {
  const { t } = usePlayI18n();
  const options = mission.items.filter((i): i is TOption => i.kind === 'option');
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [amount, setAmount] = useState('');
  const [receipt, setReceipt] = useState<File | undefined>(undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(async () => {
      const items = options
        .map((o) => ({ itemId: o.id, quantity: Number.parseInt(quantities[o.id] ?? '', 10) }))
        .filter((i) => Number.isInteger(i.quantity) && i.quantity > 0);
      const salesAmountCents = parseAmountToCents(amount);
      const receiptUploadId = receipt ? (await upload(receipt)).uploadId : undefined;
      return {
        kind: mission.submissionKind === 'contest' ? 'contest' : 'itemSold',
        items,
        ...(salesAmountCents === undefined ? {} : { salesAmountCents }),
        ...(receiptUploadId === undefined ? {} : { receiptUploadId }),
      } as TPlayCompletionBody;
    });
  };
  return (
    <form className="stack" onSubmit={submit} noValidate>
      {options.length > 0 ? (
        <fieldset className="card stack-sm">
          <legend>
            <strong>{t('sale.items')}</strong>
          </legend>
          {options.map((o) => (
            <TextField
              key={o.id}
              label={o.sku ? `${o.title} (${o.sku})` : o.title}
              aria-label={t('sale.quantity', { item: o.title })}
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              value={quantities[o.id] ?? ''}
              onChange={(e) => setQuantities((q) => ({ ...q, [o.id]: e.target.value }))}
            />
          ))}
          {fieldError(error, 'items') ? <small className="field-error">{fieldError(error, 'items')}</small> : null}
        </fieldset>
      ) : null}
      <TextField
        label={t('sale.amount')}
        type="text"
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={fieldError(error, 'salesAmountCents') ?? (options.length === 0 ? fieldError(error, 'items') : undefined)}
      />
      <TextField
        label={mission.receiptRequired ? t('sale.receipt') : t('sale.receiptOptional')}
        type="file"
        accept="image/*"
        capture="environment"
        required={mission.receiptRequired}
        onChange={(e) => setReceipt(e.target.files?.[0])}
        error={fieldError(error, 'receiptUploadId') ?? fieldError(error, 'file')}
      />
      <SubmitRow busy={busy} error={error} label={t('sale.submit')} />
    </form>
  );
}

function SubmitRow({ busy, error, label }: { busy: boolean; error: unknown; label: string }) {
  return (
    <>
      <ErrorNote error={error} />
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
        {label}
      </button>
    </>
  );
}

function ResultView({ campaignId, result }: { campaignId: number; result: TPlayCompletionResult }): ReactNode {
  const { t } = usePlayI18n();
  const { completion } = result;
  return (
    <div className="stack" role="status" aria-live="polite">
      <p className={`card result result-${completion.status}`}>
        <strong>{t(`result.${completion.status}`)}</strong>
        {completion.score !== null ? <span> {t('result.score', { score: completion.score })}</span> : null}
        {completion.passed !== null ? (
          <span> {completion.passed ? t('result.passed') : t('result.failed')}</span>
        ) : null}
      </p>
      {result.unlocked.length > 0 ? (
        <>
          <h2>{t('result.unlocked')}</h2>
          {result.unlocked.map((u) => (
            <UnlockCard key={u.unlockId} unlock={u} />
          ))}
        </>
      ) : null}
      <p className="muted">
        {result.entriesLeft === null ? t('mission.unlimited') : t('mission.entriesLeft', { count: result.entriesLeft })}
      </p>
      <PlayLink to={`/campaigns/${campaignId}`} className="btn">
        {t('result.again')}
      </PlayLink>
    </div>
  );
}

/** The colleagues a store manager may enter for; null for anyone else (the list answers 403). */
function useColleagues(): TPlayColleagues['colleagues'] | null {
  const [list, setList] = useState<TPlayColleagues['colleagues'] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    playFetch<TPlayColleagues>('/colleagues', { signal: controller.signal }).then(
      (answer) => setList(answer.colleagues),
      () => setList(null),
    );
    return () => controller.abort();
  }, []);
  return list;
}

export function MissionScreen({ campaignId, campaignMissionId }: { campaignId: number; campaignMissionId: number }) {
  const { t } = usePlayI18n();
  const detail = usePlayGet<TPlayCampaignDetail>(`/campaigns/${campaignId}`);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [result, setResult] = useState<TPlayCompletionResult | null>(null);
  // One key per attempt: a retry after a network failure re-sends it, so the server never counts it twice.
  const attemptKey = useRef(newIdempotencyKey());
  // A store manager may enter for a colleague of the same store; everyone else gets a 403 and sees no choice.
  const colleagues = useColleagues();
  const [forColleague, setForColleague] = useState('');
  const jt = useJoinT();

  if (detail.loading && !detail.data) return <Loading />;
  if (!detail.data) return <ErrorNote error={detail.error} onRetry={detail.reload} />;
  const mission = detail.data.missions.find((m) => m.campaignMissionId === campaignMissionId);
  if (!mission) return <ErrorNote error={new PlayApiError(404, 'NOT_FOUND', '')} />;

  const onSubmit = (build: () => Promise<TPlayCompletionBody>) => {
    setBusy(true);
    setError(undefined);
    void (async () => {
      try {
        const body = await build();
        const path = `/campaigns/${campaignId}/missions/${campaignMissionId}/completions`;
        const answer = await playFetch<TPlayCompletionResult>(
          forColleague ? `/colleagues/${forColleague}${path}` : path,
          { body, headers: { 'idempotency-key': attemptKey.current } },
        );
        attemptKey.current = newIdempotencyKey();
        setResult(answer);
      } catch (err) {
        setError(err);
      } finally {
        setBusy(false);
      }
    })();
  };

  const props: TFormProps = { mission, busy, error, onSubmit };
  return (
    <section className="stack" aria-labelledby="mission-title">
      <PlayLink to={`/campaigns/${campaignId}`} className="back">
        ← {detail.data.campaign.name}
      </PlayLink>
      <div>
        <h1 id="mission-title" tabIndex={-1}>
          {mission.title}
        </h1>
        {mission.description ? <p className="muted">{mission.description}</p> : null}
      </div>
      {colleagues && colleagues.length > 0 && !result ? (
        <label className="field">
          <span>{jt('manager.enterFor')}</span>
          <select name="colleague" value={forColleague} onChange={(e) => setForColleague(e.target.value)}>
            <option value="">{jt('manager.myself')}</option>
            {colleagues.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </select>
          {fieldError(error, 'colleagueId') ? <small className="field-error">{fieldError(error, 'colleagueId')}</small> : null}
        </label>
      ) : null}
      {result && forColleague ? (
        <p className="muted" role="status">
          {jt('manager.recordedFor', { name: colleagues?.find((c) => String(c.id) === forColleague)?.name ?? '' })}
        </p>
      ) : null}
      {result ? (
        <ResultView campaignId={campaignId} result={result} />
      ) : mission.entriesLeft === 0 ? (
        <p className="card">{t('mission.noEntries')}</p>
      ) : mission.submissionKind === 'learning' ? (
        <QuizForm {...props} />
      ) : mission.submissionKind === 'general' ? (
        <GeneralForm {...props} />
      ) : (
        <SaleForm {...props} />
      )}
    </section>
  );
}
