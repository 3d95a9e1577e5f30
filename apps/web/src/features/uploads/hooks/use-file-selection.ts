import { useRef } from 'react';
import type { ServerFile } from '@inkstone/contracts';

export interface FileSelectionOptions {
  mode: 'manage' | 'pick';
  selected: readonly ServerFile[];
  onSelectedChange(files: ServerFile[]): void;
  /** Files that may be selected at most; 1: choosing one replaces the other. */
  maxSelect: number;
}

/**
 * Selecting library files up to `maxSelect`. Changes build on the latest selection, so several
 * in a row (a delete right after a toggle) do not undo each other.
 */
export function useFileSelection({ mode, selected, onSelectedChange, maxSelect }: FileSelectionOptions) {
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  const isSingle = maxSelect === 1;
  const canSelectMore = isSingle || selected.length < maxSelect;

  function toggle(file: ServerFile) {
    const current = selectedRef.current;
    if (current.some((item) => item.Id === file.Id)) {
      onSelectedChange(current.filter((item) => item.Id !== file.Id));
    } else if (isSingle) {
      onSelectedChange([file]);
    } else if (current.length < maxSelect) {
      onSelectedChange([...current, file]);
    }
  }

  /** Adds the files of `page` not yet selected, as many as there is room for. */
  function selectPage(page: readonly ServerFile[]) {
    const current = selectedRef.current;
    const room = isSingle ? 0 : maxSelect - current.length;
    const extra = page.filter((file) => !current.some((item) => item.Id === file.Id)).slice(0, room);
    onSelectedChange([...current, ...extra]);
  }

  /** Drops deleted files from the selection. */
  function deselect(ids: readonly number[]) {
    onSelectedChange(selectedRef.current.filter((file) => !ids.includes(file.Id)));
  }

  /** A file uploaded while choosing is meant to be chosen. */
  function onUploaded(file: ServerFile) {
    if (mode === 'pick' && !selectedRef.current.some((item) => item.Id === file.Id)) {
      if (isSingle) onSelectedChange([file]);
      else if (selectedRef.current.length < maxSelect) onSelectedChange([...selectedRef.current, file]);
    }
  }

  return {
    selectedIds: new Set(selected.map((file) => file.Id)),
    isSingle,
    canSelectMore,
    toggle,
    selectPage,
    deselect,
    onUploaded,
  };
}
