import { useState } from 'react';
import type { TCampaign } from '@rally/domain';
import { useLocation, useNavigate } from 'react-router';
import { AfterLaunchPreview } from '../../../components/campaign-share';

/** The launch modal navigates here with state { launched: true }; a consumer campaign then opens its after-launch preview once. */
export function AfterLaunch({ campaign }: { campaign: TCampaign }) {
  const location = useLocation();
  const navigate = useNavigate();
  const launched = (location.state as { launched?: boolean } | null)?.launched === true;
  const [open, setOpen] = useState(launched && campaign.type === 'consumer');
  if (campaign.type !== 'consumer') return null;
  const close = () => {
    setOpen(false);
    // Drop the state so a reload or going back does not open it again.
    void navigate(location.pathname + location.search, { replace: true, state: null });
  };
  return <AfterLaunchPreview opened={open} onClose={close} uid={campaign.publicUid} name={campaign.name} />;
}
