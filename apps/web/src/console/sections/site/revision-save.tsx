import { useState } from 'react';
import { Alert, App } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { ApiCode } from '@inkstone/contracts';
import { StaffApiError, errorMessage } from '../../lib/staff-api.ts';

/**
 * The save of a 网站 dialog that names the revision it read (ads, menus, home groups and items,
 * templates): on success a toast and `onSaved`; a save refused because another staff member saved
 * first (EditConflict) is kept in `conflict` for `<ConflictAlert>`; any other refusal is a toast.
 */
export function useRevisionSave<Values, Result>({
  save,
  savedMessage,
  onSaved,
}: {
  save: (values: Values) => Promise<Result>;
  savedMessage: string;
  onSaved: (result: Result) => void;
}) {
  const { message } = App.useApp();
  const [conflict, setConflict] = useState('');
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (result) => {
      setConflict('');
      void message.success(savedMessage);
      onSaved(result);
    },
    onError: (error) => {
      if (error instanceof StaffApiError && error.apiCode === ApiCode.EditConflict) {
        setConflict(error.message);
        return;
      }
      void message.error(errorMessage(error));
    },
  });
  return { mutation, conflict, clearConflict: () => setConflict('') };
}

/** The refusal of a stale save: what happened and what to do, above the dialog's form. */
export function ConflictAlert({ conflict, what }: { conflict: string; what: string }) {
  if (!conflict) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      style={{ marginBottom: 16 }}
      title={conflict}
      description={`您这次的修改没有保存。请关闭后重新打开${what}，在其他员工保存的内容上再修改。`}
    />
  );
}
