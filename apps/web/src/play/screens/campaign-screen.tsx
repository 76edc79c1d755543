import type { TPlayCampaignDetail, TPlayMission, TPlayReward } from '@rally/domain';
import { PlayLink, usePlayGet } from '../play-router';
import { useMoney, usePlayDate, usePlayI18n } from '../play-i18n';
import { ErrorNote, Loading } from '../play-ui';

function entriesText(mission: TPlayMission, t: ReturnType<typeof usePlayI18n>['t']): string {
  if (mission.entriesLeft === null) return t('mission.unlimited');
  if (mission.entriesLeft === 0) return t('mission.noEntries');
  return t('mission.entriesLeft', { count: mission.entriesLeft });
}

function MissionCard({ campaignId, mission }: { campaignId: number; mission: TPlayMission }) {
  const { t } = usePlayI18n();
  const date = usePlayDate();
  const closed = mission.entriesLeft === 0;
  const titleId = `mission-${mission.campaignMissionId}`;
  return (
    <li className="card stack-sm" aria-labelledby={titleId}>
      <div className="row">
        <strong id={titleId}>{mission.title}</strong>
        <span className="badge">{t(`type.${mission.type}`)}</span>
      </div>
      {mission.description ? <p className="small">{mission.description}</p> : null}
      <p className="muted small">
        {t('mission.done', { accepted: mission.myCompletions.accepted })}
        {mission.myCompletions.pending > 0
          ? ` · ${t('mission.pending', { pending: mission.myCompletions.pending })}`
          : ''}
        {' · '}
        {entriesText(mission, t)}
      </p>
      {mission.lastRejection ? (
        <p className="field-error small">
          {t('mission.rejected', { date: date(mission.lastRejection.at) })}{' '}
          {mission.lastRejection.reason
            ? t('mission.rejectedReason', { reason: mission.lastRejection.reason })
            : t('mission.rejectedNoReason')}
        </p>
      ) : null}
      {mission.receiptRequired ? <p className="muted small">{t('mission.receiptNote')}</p> : null}
      {closed ? null : (
        <PlayLink
          to={`/campaigns/${campaignId}/missions/${mission.campaignMissionId}`}
          className="btn btn-primary"
          aria-describedby={titleId}
        >
          {t('mission.start')}
        </PlayLink>
      )}
    </li>
  );
}

function RewardCard({ reward }: { reward: TPlayReward }) {
  const { t } = usePlayI18n();
  const money = useMoney();
  const { accepted, needed } = reward.myProgress;
  const title = reward.title || t(`rewardType.${reward.type}`);
  return (
    <li className="card stack-sm" aria-label={title}>
      <div className="row">
        <strong>{title}</strong>
        <span className="badge">{t(`rewardType.${reward.type}`)}</span>
      </div>
      {reward.amountCents !== null ? <p className="amount">{money(reward.amountCents)}</p> : null}
      <progress
        max={needed}
        value={Math.min(accepted, needed)}
        aria-label={t('reward.progress', { accepted, needed })}
      />
      <p className="small">{t('reward.progress', { accepted: Math.min(accepted, needed), needed })}</p>
      <p className="muted small">
        {[
          reward.codesLeft !== null ? t('reward.codesLeft', { count: reward.codesLeft }) : null,
          reward.budgetLeftCents !== null ? t('reward.budgetLeft', { amount: money(reward.budgetLeftCents) }) : null,
          reward.prizesLeft !== null ? t('reward.prizesLeft', { count: reward.prizesLeft }) : null,
          reward.myUnlocked > 0 ? t('reward.unlocked', { count: reward.myUnlocked }) : null,
          reward.canStillUnlock ? null : t('reward.soldOut'),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
    </li>
  );
}

export function CampaignScreen({ campaignId: id }: { campaignId: number }) {
  const { t } = usePlayI18n();
  const date = usePlayDate();
  const detail = usePlayGet<TPlayCampaignDetail>(`/campaigns/${id}`);
  if (detail.loading && !detail.data) return <Loading />;
  if (!detail.data) return <ErrorNote error={detail.error} onRetry={detail.reload} />;
  const { campaign, missions, rewards } = detail.data;
  const hasContest = missions.some((m) => m.contest !== null);
  return (
    <section className="stack" aria-labelledby="campaign-title">
      <PlayLink to="/" className="back">
        ← {t('nav.campaigns')}
      </PlayLink>
      <div>
        <h1 id="campaign-title" tabIndex={-1}>
          {campaign.name}
        </h1>
        <p className="muted">
          {t(`type.${campaign.type}`)}
          {' · '}
          {campaign.endDate
            ? t('campaigns.ends', { date: date(campaign.endDate) })
            : t('campaigns.noEnd')}
        </p>
        <p className="small">
          {t('campaigns.progress', { completions: campaign.myCompletions, unlocks: campaign.myUnlocks })}
        </p>
      </div>
      {hasContest ? (
        <PlayLink to={`/campaigns/${id}/rank`} className="btn">
          {t('campaign.rank')}
        </PlayLink>
      ) : null}
      <h2>{t('campaign.missions')}</h2>
      <ul className="stack plain">
        {missions.map((m) => (
          <MissionCard key={m.campaignMissionId} campaignId={id} mission={m} />
        ))}
      </ul>
      {rewards.length > 0 ? (
        <>
          <h2>{t('campaign.rewards')}</h2>
          <ul className="stack plain">
            {rewards.map((r) => (
              <RewardCard key={r.id} reward={r} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
