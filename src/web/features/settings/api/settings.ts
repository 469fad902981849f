import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomField } from '../../../../shared/api/custom-fields';
import type { ImageType } from '../../../../shared/api/images';
import type { OrganizationSettings } from '../../../../shared/api/settings';
import { api } from '../../../lib/api';
import { sessionKeys, settingsKeys } from '../../../lib/query-keys';

export const organizationSettingsQuery = queryOptions({
  queryKey: settingsKeys.organization(),
  queryFn: () => api.settings.organization(),
});
export const signerFieldsQuery = queryOptions({
  queryKey: settingsKeys.signerFields(),
  queryFn: () => api.workspace.customFields().then((list) => list.items),
});
export const sealingCertificateQuery = queryOptions({
  queryKey: settingsKeys.sealingCertificate(),
  queryFn: () => api.settings.sealingCertificate(),
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
      api.settings.updateOrganization({ body: input }),
    onSuccess: (settings) => {
      client.setQueryData(organizationSettingsQuery.queryKey, settings);
      // The organization's name shows in the session (greeting, menus).
      void client.invalidateQueries({ queryKey: sessionKeys.current });
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
        // The server refuses any other type (the file input offers only these).
        api.settings.putLogo({ body: { type: file.type as ImageType, data: await readBase64(file) } }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: () => api.settings.removeLogo(),
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
        api.settings.createCustomField({ body: input }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, ...input }: { id: string; name?: string; required?: boolean }) =>
        api.settings.updateCustomField({ params: { id }, body: input }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.settings.removeCustomField({ params: { id } }),
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
        api.settings.putSealingCertificate({ body: { p12: await readBase64(file), password } }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: () => api.settings.removeSealingCertificate(),
      onSuccess,
    }),
  };
}
