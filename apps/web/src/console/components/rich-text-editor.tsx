import { useEffect, useMemo, useState } from 'react';
import { App, Button, Space, Typography } from 'antd';
import { Editor, Toolbar } from '@wangeditor/editor-for-react';
import type { IDomEditor, IEditorConfig, IToolbarConfig } from '@wangeditor/editor';
import '@wangeditor/editor/dist/css/style.css';
import { EDITOR_IMAGE_MAX_BYTES, type EditorImage } from '@inkstone/contracts';
import { errorMessage } from '../lib/staff-api.ts';
import { ServerFilePicker } from './server-file-picker.tsx';
import { tooLargeMessage, uploadEditorImage } from './editor-images.ts';

/** The editor's height (spec §2). */
export const RICH_TEXT_HEIGHT_PX = 500;

const TOOLBAR: Partial<IToolbarConfig> = {
  // What the server's allow-list would drop anyway (video, code blocks, to-do boxes) is not
  // offered; the picture buttons stand on their own instead of in a drop-down.
  excludeKeys: [
    'group-video',
    'insertVideo',
    'uploadVideo',
    'codeBlock',
    'todo',
    'group-image',
    'fullScreen',
  ],
  insertKeys: { index: 21, keys: ['uploadImage', 'insertImage'] },
};

/**
 * The rich-text editor of spec §2 (wangEditor, in Chinese): height 500, pictures uploaded with
 * upload type 16 (UploadEditorImage), and 服务器图片, the server-file picker in a dialog, to insert
 * pictures uploaded before. `value` is its starting HTML; `onChange` gets the HTML after each
 * edit. The server sanitises whatever is saved.
 */
export default function RichTextEditor({
  value,
  onChange,
  placeholder = '请输入正文…',
}: {
  value: string;
  onChange: (html: string) => void;
  placeholder?: string;
}) {
  const { message } = App.useApp();
  const [editor, setEditor] = useState<IDomEditor | null>(null);
  const [html, setHtml] = useState(value);
  const [pickerOpen, setPickerOpen] = useState(false);

  const config = useMemo<Partial<IEditorConfig>>(
    () => ({
      placeholder,
      MENU_CONF: {
        uploadImage: {
          maxFileSize: EDITOR_IMAGE_MAX_BYTES,
          allowedFileTypes: ['image/jpeg', 'image/png', 'image/webp'],
          async customUpload(file: File, insert: (src: string, alt: string, href: string) => void) {
            if (file.size > EDITOR_IMAGE_MAX_BYTES) {
              void message.error(tooLargeMessage(file.name));
              return;
            }
            const hide = message.loading(`正在上传 ${file.name}…`, 0);
            try {
              const image = await uploadEditorImage(file);
              insert(image.Url, altOf(image), '');
            } catch (error) {
              void message.error(errorMessage(error));
            } finally {
              hide();
            }
          },
        },
      },
    }),
    [message, placeholder],
  );

  useEffect(
    () => () => {
      editor?.destroy();
    },
    [editor],
  );

  const insertPicked = (images: EditorImage[]) => {
    setPickerOpen(false);
    if (!editor) return;
    editor.restoreSelection();
    for (const image of images) {
      editor.insertNode({
        type: 'image',
        src: image.Url,
        alt: altOf(image),
        href: '',
        style: {},
        children: [{ text: '' }],
      } as Parameters<IDomEditor['insertNode']>[0]);
    }
  };

  return (
    <div data-testid="rich-text-editor" style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <div
        style={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', borderBottom: '1px solid #f0f0f0' }}
      >
        <Toolbar
          editor={editor}
          defaultConfig={TOOLBAR}
          mode="default"
          style={{ flex: '1 1 auto', minWidth: 0 }}
        />
        <Space style={{ padding: '4px 8px' }}>
          <Button size="small" onClick={() => setPickerOpen(true)} disabled={!editor}>
            服务器图片
          </Button>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            JPG、PNG、WebP，每张不超过 10 MB
          </Typography.Text>
        </Space>
      </div>
      <Editor
        defaultConfig={config}
        value={html}
        onCreated={setEditor}
        onChange={(changed) => {
          const next = changed.getHtml();
          setHtml(next);
          onChange(next);
        }}
        mode="default"
        style={{ height: RICH_TEXT_HEIGHT_PX, overflowY: 'hidden' }}
      />
      <ServerFilePicker open={pickerOpen} onCancel={() => setPickerOpen(false)} onPick={insertPicked} />
    </div>
  );
}

/** The picture's description in the article: its file name without the extension. */
function altOf(image: EditorImage): string {
  return image.OrgFileName.replace(/\.[a-z0-9]{1,5}$/i, '');
}
