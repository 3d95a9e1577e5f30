// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ServerFile } from '@inkstone/contracts';
import { ServerFileCard } from './server-file-card.tsx';

afterEach(cleanup);

const file = {
  Id: 5,
  OrgFileName: '名片正面.pdf',
  FilePath: '/api/v1/files/5?sign=x',
  Thumbnail: '',
  FileSize: 2048,
  CreatedAt: '2026-11-21T02:00:00.000Z',
  ThumbnailStatus: 'ready',
  Facts: null,
} as unknown as ServerFile;

describe('ServerFileCard', () => {
  it('selects the file when its name is clicked', () => {
    let toggled = 0;
    render(
      <ServerFileCard
        file={file}
        isSelected={false}
        isSelectable
        onToggle={() => (toggled += 1)}
        onOpen={() => {}}
        onDelete={async () => {}}
      />,
    );
    fireEvent.click(screen.getByText('名片正面.pdf'));
    expect(toggled).toBe(1);
  });
});
