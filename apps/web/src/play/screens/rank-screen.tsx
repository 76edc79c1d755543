import type { TPlayRank, TRankRow } from '@rally/domain';
import { PlayLink, usePlayGet } from '../play-router';
import { useMoney, usePlayI18n } from '../play-i18n';
import { ErrorNote, Loading } from '../play-ui';

export function RankScreen({ campaignId }: { campaignId: number }) {
  const { t } = usePlayI18n();
  const money = useMoney();
  const rank = usePlayGet<TPlayRank>(`/campaigns/${campaignId}/rank?top=10`);
  const data = rank.data;
  const showName = (rows: TRankRow[]) => rows.some((r) => r.userName !== null);
  const showStore = (rows: TRankRow[]) => rows.some((r) => r.storeName !== null);
  const showSubs = (rows: TRankRow[]) => rows.some((r) => r.submissions !== null);
  const showSales = (rows: TRankRow[]) => rows.some((r) => r.salesAmountCents !== null);
  return (
    <section className="stack" aria-labelledby="rank-title">
      <PlayLink to={`/campaigns/${campaignId}`} className="back">
        ← {t('nav.back')}
      </PlayLink>
      <h1 id="rank-title" tabIndex={-1}>
        {t('rank.title')}
      </h1>
      {rank.loading && !data ? <Loading /> : null}
      <ErrorNote error={rank.error} onRetry={rank.reload} />
      {data ? (
        <>
          <p className="card rank-me">
            {data.me ? t('rank.me', { rank: data.me.rank, total: data.totalRanked }) : t('rank.notYet')}
          </p>
          {data.contest.displayLeaderboard ? (
            data.top.length > 0 ? (
              <table className="table">
                <caption>{t('rank.top')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('rank.rank')}</th>
                    {showName(data.top) ? <th scope="col">{t('rank.name')}</th> : null}
                    {showStore(data.top) ? <th scope="col">{t('rank.store')}</th> : null}
                    {showSubs(data.top) ? <th scope="col">{t('rank.submissions')}</th> : null}
                    {showSales(data.top) ? <th scope="col">{t('rank.sales')}</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {data.top.map((row) => {
                    const mine =
                      data.me !== null &&
                      row.rank === data.me.rank &&
                      row.userId === data.me.userId &&
                      row.storeId === data.me.storeId;
                    return (
                      <tr
                        key={`${row.rank}-${row.userId ?? ''}-${row.storeId ?? ''}`}
                        className={mine ? 'mine' : undefined}
                        aria-current={mine || undefined}
                      >
                        <td>{row.rank}</td>
                        {showName(data.top) ? <td>{row.userName ?? ''}</td> : null}
                        {showStore(data.top) ? <td>{row.storeName ?? ''}</td> : null}
                        {showSubs(data.top) ? <td>{row.submissions ?? ''}</td> : null}
                        {showSales(data.top) ? (
                          <td>{row.salesAmountCents === null ? '' : money(row.salesAmountCents)}</td>
                        ) : null}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            ) : null
          ) : (
            <p className="muted">{t('rank.hidden')}</p>
          )}
        </>
      ) : null}
    </section>
  );
}
