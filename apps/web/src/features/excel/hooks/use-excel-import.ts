import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  IMPORT_EXCEL_TYPE_NAMES,
  IMPORT_NOT_UPLOADED_MESSAGE,
  IMPORT_SUCCESS_MESSAGE,
  IMPORT_UPLOAD_FLAG_DELAY_MS,
  importTemplateFileName,
  type ImportExcelType,
  type ServerFile,
} from '@inkstone/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { feedback } from '../../../lib/feedback.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { postImportExcel, postImportExcelErrors, postImportExcelTemplate } from '../api/post-import-excel.ts';
import { saveFile } from '../utils/export-file.ts';

/**
 * The import dialog's state (spec §2, §4): the uploaded file, set as ready 500 ms after its upload
 * completes (spec §9); the optional password; 导入 — which warns 文件未上传,请上传完毕再进行导入 when
 * pressed before the file is ready — and the refusal with its error report.
 */
export function useExcelImport(type: ImportExcelType, onDone: () => void) {
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<ServerFile[]>([]);
  const [readyPath, setReadyPath] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isImporting, setIsImporting] = useState(false);
  const flagTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => clearTimeout(flagTimer.current ?? undefined), []);

  const onUploaded = useCallback((file: ServerFile) => {
    clearTimeout(flagTimer.current ?? undefined);
    flagTimer.current = setTimeout(() => setReadyPath(file.FilePath), IMPORT_UPLOAD_FLAG_DELAY_MS);
  }, []);

  const onFilesChange = useCallback((next: ServerFile[]) => {
    setFiles(next);
    setRefusal(null);
    if (next.length === 0) {
      clearTimeout(flagTimer.current ?? undefined);
      setReadyPath(null);
    }
  }, []);

  const request = () => ({ ImportExcelType: type, Path: readyPath ?? '', Password: password });

  const submit = async () => {
    if (!readyPath || files.length === 0) {
      feedback.warning(IMPORT_NOT_UPLOADED_MESSAGE);
      return;
    }
    setIsImporting(true);
    setRefusal(null);
    try {
      const result = await postImportExcel(request());
      feedback.success(`${IMPORT_SUCCESS_MESSAGE}，共 ${result.Imported} 条`);
      // Rows whose 文件名 found no single upload: said, never guessed (docs/excel.md).
      if (result.Notices.length > 0) {
        feedback.notifyWarning(
          `有 ${result.Notices.length} 行的印刷文件没有自动附上`,
          result.Notices.join('\n'),
        );
      }
      // A batch import also adds its rows' new delivery addresses to the book.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.addresses.all }),
        type === 'addresses' ? null : queryClient.invalidateQueries({ queryKey: queryKeys.cart.all }),
      ]);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.kind !== 'aborted') setRefusal(error.message);
    } finally {
      setIsImporting(false);
    }
  };

  const downloadTemplate = async () => {
    const file = await postImportExcelTemplate(type).catch(() => null);
    if (file) saveFile(file.blob, file.fileName || importTemplateFileName(type));
  };

  const downloadReport = async () => {
    const file = await postImportExcelErrors(request()).catch(() => null);
    if (file) saveFile(file.blob, file.fileName || `${IMPORT_EXCEL_TYPE_NAMES[type]}_错误报告.xlsx`);
  };

  return {
    files,
    onFilesChange,
    onUploaded,
    password,
    setPassword,
    refusal,
    isImporting,
    submit,
    downloadTemplate,
    downloadReport,
  };
}
