import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customersCalls } from '@inkstone/contracts';
import type { LoginUserInfo } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { applyCustomerInfo } from './update-customer-info.ts';

/** POST /api/cust/UploadAvatar, multipart: the picture as part `file`; the profile with the new avatar. */
export function uploadAvatar(file: Blob, fileName: string): Promise<LoginUserInfo> {
  const form = new FormData();
  form.append('file', file, fileName);
  return api.call(customersCalls.UploadAvatar, form);
}

export function useUploadAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadAvatar(file, file.name),
    onSuccess: (info) => applyCustomerInfo(client, info),
  });
}
