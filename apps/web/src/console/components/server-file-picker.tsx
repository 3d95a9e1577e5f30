import { useState } from 'react';
import {
  App,
  Button,
  Checkbox,
  Empty,
  Modal,
  Pagination,
  Popconfirm,
  Space,
  Spin,
  Typography,
  Upload,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EDITOR_IMAGE_MAX_BYTES,
  FILE_PICKER_CARD_WIDTH,
  FILE_PICKER_DIALOG_WIDTH,
  FILE_PICKER_MAX_FILES,
  staffCalls,
  type EditorImage,
} from '@inkstone/contracts';
import { errorMessage, staffCall } from '../lib/staff-api.ts';
import { tooLargeMessage, uploadEditorImage } from './editor-images.ts';

const PAGE_SIZE = 15;
const IMAGES_KEY = ['console', 'editor-images'] as const;

/**
 * The server-file picker of spec §2 in a dialog (width 1160): the merchant's uploaded pictures a
 * page at a time, each a card (width 202) with its thumbnail and original file name; a click
 * selects it, 删除 asks 确定要删除吗? first; the upload box takes up to 1000 pictures at once.
 * 插入 hands the selected pictures, in the order chosen, to `onPick`.
 */
export function ServerFilePicker({
  open,
  onCancel,
  onPick,
  single = false,
  okText = '插入所选图片',
}: {
  open: boolean;
  onCancel: () => void;
  onPick: (images: EditorImage[]) => void;
  /** One picture only (an ad's): choosing another replaces the choice. */
  single?: boolean;
  okText?: string;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<EditorImage[]>([]);
  const [uploading, setUploading] = useState(0);

  const images = useQuery({
    queryKey: [...IMAGES_KEY, page],
    queryFn: () => staffCall(staffCalls.QueryEditorImages, { pageindex: page, limit: PAGE_SIZE }),
    enabled: open,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: IMAGES_KEY });

  const remove = useMutation({
    mutationFn: (image: EditorImage) => staffCall(staffCalls.DeleteEditorImages, { ids: [image.Id] }),
    onSuccess: (_result, image) => {
      setSelected((current) => current.filter((entry) => entry.Id !== image.Id));
      void message.success('删除成功');
      void refresh();
    },
    onError: (error) => void message.error(errorMessage(error)),
  });

  const toggle = (image: EditorImage) =>
    setSelected((current) =>
      current.some((entry) => entry.Id === image.Id)
        ? current.filter((entry) => entry.Id !== image.Id)
        : single
          ? [image]
          : [...current, image],
    );

  const upload = async (file: File) => {
    if (file.size > EDITOR_IMAGE_MAX_BYTES) {
      void message.error(tooLargeMessage(file.name));
      return;
    }
    setUploading((count) => count + 1);
    try {
      const image = await uploadEditorImage(file);
      setSelected((current) =>
        current.some((entry) => entry.Id === image.Id) ? current : [...current, image],
      );
      setPage(1);
      await refresh();
    } catch (error) {
      void message.error(`${file.name}：${errorMessage(error)}`);
    } finally {
      setUploading((count) => count - 1);
    }
  };

  const close = () => {
    setSelected([]);
    onCancel();
  };

  return (
    <Modal
      title="服务器图片"
      open={open}
      width={FILE_PICKER_DIALOG_WIDTH}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space>
          <Typography.Text type="secondary">已选 {selected.length} 张</Typography.Text>
          <Button onClick={close}>取消</Button>
          <Button
            type="primary"
            disabled={selected.length === 0}
            onClick={() => {
              onPick(selected);
              setSelected([]);
            }}
          >
            {okText}
          </Button>
        </Space>
      }
    >
      <Upload.Dragger
        multiple={!single}
        accept="image/jpeg,image/png,image/webp"
        maxCount={FILE_PICKER_MAX_FILES}
        showUploadList={false}
        customRequest={({ file, onSuccess }) => {
          void upload(file as File).then(() => onSuccess?.({}));
        }}
        style={{ marginBottom: 16 }}
      >
        <p style={{ margin: 0 }}>
          {uploading > 0 ? `正在上传 ${uploading} 张图片…` : '点击或拖拽图片到此处上传'}
        </p>
        <Typography.Text type="secondary">
          JPG、PNG 或 WebP，每张不超过 10 MB，一次最多 {FILE_PICKER_MAX_FILES} 张；上传后自动选中
        </Typography.Text>
      </Upload.Dragger>
      {images.error ? <Typography.Text type="danger">{errorMessage(images.error)}</Typography.Text> : null}
      <Spin spinning={images.isFetching}>
        {images.data && images.data.List.length === 0 ? (
          <Empty description="还没有上传过图片" />
        ) : (
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, minHeight: 120 }}>
            {images.data?.List.map((image) => {
              const isSelected = selected.some((entry) => entry.Id === image.Id);
              return (
                <div
                  key={image.Id}
                  data-testid="server-file-card"
                  style={{
                    width: FILE_PICKER_CARD_WIDTH,
                    flex: 'none',
                    boxSizing: 'border-box',
                    border: `2px solid ${isSelected ? '#1677ff' : '#f0f0f0'}`,
                    borderRadius: 8,
                    overflow: 'hidden',
                    background: '#fff',
                  }}
                >
                  <button
                    type="button"
                    onClick={() => toggle(image)}
                    aria-pressed={isSelected}
                    aria-label={`选择 ${image.OrgFileName}`}
                    style={{
                      display: 'block',
                      width: '100%',
                      padding: 0,
                      border: 0,
                      background: '#fafafa',
                      cursor: 'pointer',
                    }}
                  >
                    <img
                      src={image.Thumbnail}
                      alt={image.OrgFileName}
                      loading="lazy"
                      style={{ display: 'block', width: '100%', height: 150, objectFit: 'contain' }}
                    />
                  </button>
                  <div style={{ padding: '6px 8px' }}>
                    <Typography.Text ellipsis={{ tooltip: image.OrgFileName }} style={{ display: 'block' }}>
                      {image.OrgFileName}
                    </Typography.Text>
                    <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                      <Checkbox checked={isSelected} onChange={() => toggle(image)}>
                        选择
                      </Checkbox>
                      <Popconfirm
                        title="确定要删除吗?"
                        description="已插入文章的这张图片将不再显示"
                        onConfirm={() => remove.mutate(image)}
                      >
                        <Button type="link" danger size="small">
                          删除
                        </Button>
                      </Popconfirm>
                    </Space>
                  </div>
                </div>
              );
            })}
          </div>
        )}
      </Spin>
      {images.data && images.data.TotalCount > PAGE_SIZE ? (
        <Pagination
          style={{ marginTop: 16, textAlign: 'right' }}
          current={page}
          pageSize={PAGE_SIZE}
          total={images.data.TotalCount}
          showSizeChanger={false}
          showTotal={(total) => `共 ${total} 张`}
          onChange={setPage}
        />
      ) : null}
    </Modal>
  );
}
