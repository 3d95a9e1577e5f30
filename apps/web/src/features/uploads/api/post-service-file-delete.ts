import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadsCalls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { feedback } from '../../../lib/feedback.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Spec §8: the success message of a delete. */
export const DELETED_MESSAGE = '删除成功';

/** POST /api/v1/post_service_file_delete {ids}: hides the files from the library (all or none). */
export function deleteServiceFiles(ids: readonly number[]): Promise<{ Deleted: number }> {
  return api.call(uploadsCalls.post_service_file_delete, { ids });
}

/** Deletes files, says 删除成功 and reloads the library. */
export function useDeleteServiceFiles() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteServiceFiles,
    onSuccess: () => {
      feedback.success(DELETED_MESSAGE);
      void client.invalidateQueries({ queryKey: queryKeys.uploads.serviceFiles });
    },
  });
}
