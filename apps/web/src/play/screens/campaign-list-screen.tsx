import type { TPlayCampaignList } from '@rally/domain';
import { PlayLink, usePlayGet } from '../play-router';
import { usePlayDate, usePlayI18n } from '../play-i18n';
import { ErrorNote, Loading } from '../play-ui';

export function CampaignListScreen() {
  const { t } = usePlayI18n();
  const date = usePlayDate();
  const list = usePlayGet<TPlayCampaignList>('/campaigns');
  return (
    <section className="stack" aria-labelledby="campaigns-title">
      <h1 id="campaigns-title" tabIndex={-1}>
        {t('campaigns.title')}
      </h1>
      {list.loading ? <Loading /> : null}
      <ErrorNote error={list.error} onRetry={list.reload} />
      {list.data && list.data.items.length === 0 ? <p className="card muted">{t('campaigns.empty')}</p> : null}
      <ul className="stack plain" aria-label={t('campaigns.title')}>
        {list.data?.items.map((c) => (
          <li key={c.id}>
            <PlayLink to={`/campaigns/${c.id}`} className="card card-link">
              <span className="row">
                <strong className="card-title">{c.name}</strong>
                <span className="badge">{t(`type.${c.type}`)}</span>
              </span>
              <span className="muted">
                {t('campaigns.missions', { count: c.missionCount })} ·{' '}
                {t('campaigns.rewards', { count: c.rewardCount })}
                {' · '}
                {c.endDate
                  ? t('campaigns.ends', { date: date(c.endDate) })
                  : t('campaigns.noEnd')}
              </span>
              <span className="small">
                {t('campaigns.progress', { completions: c.myCompletions, unlocks: c.myUnlocks })}
              </span>
            </PlayLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
