import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZPromoteLog,
  ZPromotePreview,
  ZPromoteRecipients,
  ZPromoteResult,
  type TPromoteBody,
  type TPromoteTemplate,
} from '@rally/domain';
import { apiFetch } from '../../../lib/api-client';

export const promoteKeys = {
  recipients: (id: number) => ['promote', id, 'recipients'] as const,
  preview: (id: number, template: TPromoteTemplate, language: string) =>
    ['promote', id, 'preview', template, language] as const,
  log: (id: number) => ['promote', id, 'log'] as const,
};

type Lang = 'en' | 'es' | 'fr';
const asLang = (l: string): Lang => (l === 'es' || l === 'fr' ? l : 'en');

export function usePromoteRecipients(id: number, enabled: boolean) {
  return useQuery({
    queryKey: promoteKeys.recipients(id),
    queryFn: ({ signal }) => apiFetch(`/campaign/${id}/promote/recipients`, { schema: ZPromoteRecipients, signal }),
    enabled,
  });
}

export function usePromotePreview(id: number, template: TPromoteTemplate, language: string, enabled: boolean) {
  const lang = asLang(language);
  return useQuery({
    queryKey: promoteKeys.preview(id, template, lang),
    queryFn: ({ signal }) =>
      apiFetch(`/campaign/${id}/promote/preview`, {
        query: { emailTemplate: template, language: lang },
        schema: ZPromotePreview,
        signal,
      }),
    enabled,
  });
}

export function usePromoteLog(id: number, enabled: boolean) {
  return useQuery({
    queryKey: promoteKeys.log(id),
    queryFn: ({ signal }) => apiFetch(`/campaign/${id}/promote/log`, { schema: ZPromoteLog, signal }),
    enabled,
    // While mails wait in the queue, the log follows them out.
    refetchInterval: (q) => ((q.state.data?.counts.queued ?? 0) > 0 ? 2000 : false),
  });
}

export function usePromote(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<TPromoteBody, 'language'> & { language: string }) =>
      apiFetch(`/campaign/${id}/promote`, {
        method: 'POST',
        body: { ...body, language: asLang(body.language) },
        schema: ZPromoteResult,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: promoteKeys.log(id) });
      void queryClient.invalidateQueries({ queryKey: promoteKeys.recipients(id) });
    },
  });
}
