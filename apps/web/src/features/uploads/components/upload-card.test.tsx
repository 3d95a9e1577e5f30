// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FILE_PICKER_MAX_FILES, MAX_FILES_DEFAULT, MAX_FILES_IMPORT, UploadType } from '@inkstone/contracts';
import type { ServerFile } from '@inkstone/contracts';
import { UploadCard } from './upload-card.tsx';

afterEach(cleanup);

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

function serverFiles(count: number): ServerFile[] {
  return Array.from({ length: count }, (_, index) => ({
    Id: index + 1,
    Thumbnail: `/api/thumbnails/${index + 1}?expires=1&sign=x`,
    OrgFileName: `名片-${index + 1}.pdf`,
    SavePath: '',
    FilePath: `/api/files/${index + 1}/x.pdf?expires=1&sign=x`,
    FileSize: 1024,
    FileExt: 'pdf',
    UploadType: 1,
    Md5: '0123456789abcdef0123456789abcdef',
    CreatedAt: '2026-11-21T06:00:00.000Z',
    ThumbnailStatus: 'icon',
    Facts: null,
  }));
}

const addBox = () => screen.queryByRole('button', { name: /上传文件/ });

describe('UploadCard', () => {
  it.each([
    ['default', MAX_FILES_DEFAULT, undefined],
    ['Excel import', MAX_FILES_IMPORT, UploadType.ExcelImport],
  ] as const)('hides the add box once it holds the maximum (%s: %i)', (_name, maxFiles, uploadType) => {
    const { rerender } = render(
      <UploadCard value={serverFiles(maxFiles - 1)} maxFiles={maxFiles} uploadType={uploadType} />,
      { wrapper },
    );
    expect(addBox()).not.toBeNull();
    rerender(<UploadCard value={serverFiles(maxFiles)} maxFiles={maxFiles} uploadType={uploadType} />);
    expect(addBox()).toBeNull();
    expect(screen.getAllByTestId('upload-file')).toHaveLength(maxFiles);
  });

  it('holds five files by default and up to 1000 in the picker', () => {
    render(<UploadCard value={serverFiles(5)} />, { wrapper });
    expect(addBox()).toBeNull();
    cleanup();
    render(<UploadCard layout="list" maxFiles={FILE_PICKER_MAX_FILES} value={serverFiles(5)} />, { wrapper });
    expect(screen.getByRole('button', { name: /点击选择文件/ })).not.toBeNull();
  });

  it('refuses a file the upload type does not take, with the reason, before uploading it', () => {
    render(<UploadCard uploadType={UploadType.ExcelImport} maxFiles={MAX_FILES_IMPORT} />, { wrapper });
    const input = screen.getByTestId('upload-input') as HTMLInputElement;
    expect(input.accept).toBe('.xls,.xlsx');
    expect(input.multiple).toBe(false);
    fireEvent.change(input, { target: { files: [new File(['%PDF-'], '报价单.pdf')] } });
    const item = screen.getByTestId('upload-item');
    expect(item.getAttribute('data-status')).toBe('rejected');
    expect(item.textContent).toContain('不支持 .pdf 文件，Excel 导入文件只能上传 xls、xlsx');
    // A refused file takes no place: the add box stays.
    expect(addBox()).not.toBeNull();
  });
});
