import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZCreatedBrand, ZGuidedStart, type TCreateBrandBody, type TCreatedBrand } from '@rally/domain';
import { apiFetch } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/upload-file';

export const guidedStartKey = ['guided-start'] as const;

export function createBrand(body: TCreateBrandBody): Promise<TCreatedBrand> {
  return apiFetch('/brands', { method: 'POST', body, schema: ZCreatedBrand });
}

export function uploadBrandLogo(file: File): Promise<TCreatedBrand> {
  return uploadFile({ url: '/api/brands/current/logo', file, schema: ZCreatedBrand });
}

/**
 * Creates the brand, then sends its logo (the brand must exist to own the file). The new brand is the session's
 * current one, so everything cached for another brand — "me" included — is dropped.
 */
export function useCreateBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, logo }: { body: TCreateBrandBody; logo: File | null }) => {
      const brand = await createBrand(body);
      if (!logo) return { brand, logoFailed: null };
      // The brand exists either way; a refused logo is reported, not a reason to lose the brand.
      const logoFailed = await uploadBrandLogo(logo).then(
        () => null,
        (error: unknown) => error,
      );
      return { brand, logoFailed };
    },
    onSuccess: () => queryClient.clear(),
  });
}

export function useGuidedStart() {
  return useQuery({
    queryKey: guidedStartKey,
    queryFn: ({ signal }) => apiFetch('/brands/current/guided-start', { schema: ZGuidedStart, signal }),
  });
}
