import { useState } from 'react';
import type { TFormData } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { AddButton, Section } from './builder-section';
import { PartnerModal } from './partner-modal';
import { PartnersList } from './partners';

/** A shared campaign's partner brands and their invites, the partner modal opened from here. */
export function PartnersSection({ formData, readOnly }: { formData: TFormData; readOnly: boolean }) {
  const { t } = useTranslation();
  const { partners } = formData;
  const [partnerModal, setPartnerModal] = useState(false);
  return (
    <Section
      title={t('builder.partners.title')}
      id="builder-partners"
      action={
        readOnly ? undefined : (
          <AddButton onClick={() => setPartnerModal(true)}>
            {t(partners.length ? 'builder.partners.update' : 'builder.partners.invite')}
          </AddButton>
        )
      }
    >
      <PartnersList partners={partners} />
      {partnerModal && (
        <PartnerModal
          campaignId={formData.campaign.id}
          ownerName={formData.owner.brandName}
          partners={partners}
          rewards={formData.rewards}
          onClose={() => setPartnerModal(false)}
        />
      )}
    </Section>
  );
}
