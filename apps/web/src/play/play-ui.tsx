import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { TPlayUnlock } from '@rally/domain';
import { errorMessage, useMoney, usePlayI18n } from './play-i18n';

export function Loading() {
  const { t } = usePlayI18n();
  return (
    <p className="muted" role="status" aria-live="polite">
      {t('common.loading')}
    </p>
  );
}

/** An API error in words, announced to screen readers; optionally with a retry. */
export function ErrorNote({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = usePlayI18n();
  if (error === undefined || error === null) return null;
  return (
    <div className="error" role="alert">
      <span>{errorMessage(error, t)}</span>
      {onRetry ? (
        <button type="button" className="btn btn-small" onClick={onRetry}>
          {t('common.retry')}
        </button>
      ) : null}
    </div>
  );
}

/** A labelled input with its error tied to it (aria-describedby), so the message is read with the field. */
export function TextField({
  label,
  error,
  hint,
  ...input
}: { label: string; error?: string | undefined; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint ? (
        <small id={hintId} className="muted">
          {hint}
        </small>
      ) : null}
      {error ? (
        <small id={errorId} className="field-error">
          {error}
        </small>
      ) : null}
    </div>
  );
}

export function CopyCode({ code }: { code: string }) {
  const { t } = usePlayI18n();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
    } catch {
      // No clipboard permission (or an insecure origin): select the code so it can be copied by hand.
      const node = document.querySelector<HTMLElement>(`[data-code="${CSS.escape(code)}"]`);
      if (node) window.getSelection()?.selectAllChildren(node);
      return;
    }
    setCopied(true);
    window.setTimeout(() => setCopied(false), 2000);
  };
  return (
    <div className="code-row">
      <span className="muted">{t('code.label')}</span>
      <code className="code" data-code={code}>
        {code}
      </code>
      <button
        type="button"
        className="btn btn-small"
        onClick={() => void copy()}
        aria-label={t('code.copyLabel', { code })}
      >
        {copied ? t('code.copied') : t('code.copy')}
      </button>
      <span className="sr-only" aria-live="polite">
        {copied ? t('code.copied') : ''}
      </span>
    </div>
  );
}

/** One unlocked reward: its code (with copy), its amount, or its prize status. */
export function UnlockCard({ unlock, children }: { unlock: TPlayUnlock; children?: ReactNode }) {
  const { t } = usePlayI18n();
  const money = useMoney();
  return (
    <article className="card unlock" aria-label={unlock.title || t(`rewardType.${unlock.type}`)}>
      <div className="row">
        <strong>{unlock.title || t(`rewardType.${unlock.type}`)}</strong>
        <span className="badge">{t(`rewardType.${unlock.type}`)}</span>
      </div>
      {unlock.code ? <CopyCode code={unlock.code} /> : null}
      {unlock.amountCents !== null ? <p className="amount">{money(unlock.amountCents)}</p> : null}
      {unlock.type === 'prize' ? (
        <p className="muted">{unlock.status === 'assigned' ? t('rewards.assigned') : t('rewards.awaiting')}</p>
      ) : null}
      {unlock.linkToShop ? (
        <a href={unlock.linkToShop} target="_blank" rel="noreferrer">
          {t('rewards.shop')}
        </a>
      ) : null}
      {unlock.finePrint ? <p className="fine">{unlock.finePrint}</p> : null}
      {children}
    </article>
  );
}
