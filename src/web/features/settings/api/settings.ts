import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomField } from '../../../../shared/api/custom-fields';
import type { OrganizationSettings, SealingCertificateInfo } from '../../../../shared/api/settings';
import { apiRequest, postJson } from '../../../lib/api-client';

export const organizationSettingsQuery = queryOptions({
  queryKey: ['settings', 'organization'],
  queryFn: () => apiRequest<OrganizationSettings>('/settings/organization'),
});
export const signerFieldsQuery = queryOptions({
  queryKey: ['settings', 'signer-fields'],
  queryFn: () => apiRequest<{ items: CustomField[] }>('/custom-fields').then((list) => list.items),
});
export const sealingCertificateQuery = queryOptions({
  queryKey: ['settings', 'sealing-certificate'],
  queryFn: () => apiRequest<SealingCertificateInfo>('/settings/sealing-certificate'),
});

/** Reads a chosen file as base64 (without the data: prefix). */
export function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

export function useUpdateOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Partial<Omit<OrganizationSettings, 'logoUrl'>>) =>
      postJson<OrganizationSettings>('/settings/organization', input, 'PATCH'),
    onSuccess: (settings) => {
      client.setQueryData(organizationSettingsQuery.queryKey, settings);
      // The organization's name shows in the session (greeting, menus).
      void client.invalidateQueries({ queryKey: ['session'] });
    },
  });
}

export function useLogo() {
  const client = useQueryClient();
  const onSuccess = (settings: OrganizationSettings) =>
    client.setQueryData(organizationSettingsQuery.queryKey, settings);
  return {
    upload: useMutation({
      mutationFn: async (file: File) =>
        postJson<OrganizationSettings>(
          '/settings/logo',
          { type: file.type, data: await readBase64(file) },
          'PUT',
        ),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: () => apiRequest<OrganizationSettings>('/settings/logo', { method: 'DELETE' }),
      onSuccess,
    }),
  };
}

export function useSignerFieldChanges() {
  const client = useQueryClient();
  const onSuccess = (list: { items: CustomField[] }) =>
    client.setQueryData(signerFieldsQuery.queryKey, list.items);
  return {
    add: useMutation({
      mutationFn: (input: { name: string; type: CustomField['type']; required: boolean }) =>
        postJson<{ items: CustomField[] }>('/custom-fields', input),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, ...input }: { id: string; name?: string; required?: boolean }) =>
        postJson<{ items: CustomField[] }>(`/custom-fields/${id}`, input, 'PATCH'),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) =>
        apiRequest<{ items: CustomField[] }>(`/custom-fields/${id}`, { method: 'DELETE' }),
      onSuccess,
    }),
  };
}

export function useSealingCertificateChanges() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: sealingCertificateQuery.queryKey });
  return {
    upload: useMutation({
      mutationFn: async ({ file, password }: { file: File; password: string }) =>
        postJson<SealingCertificateInfo>(
          '/settings/sealing-certificate',
          { p12: await readBase64(file), password },
          'PUT',
        ),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: () => apiRequest<void>('/settings/sealing-certificate', { method: 'DELETE' }),
      onSuccess,
    }),
  };
}
