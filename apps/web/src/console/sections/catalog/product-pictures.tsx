import { useRef, useState } from 'react';
import { Alert, App, Button, Card, Empty, Space, Spin, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiCode,
  EDITOR_IMAGE_MAX_BYTES,
  PRODUCT_IMAGES_MAX,
  staffCalls,
  type ProductImageSet,
  type SaveProductImagesBody,
} from '@inkstone/contracts';
import { ServerFilePicker } from '../../components/server-file-picker.tsx';
import { StaffApiError, errorMessage, staffCall, staffUpload } from '../../lib/staff-api.ts';

const MAX_MB = Math.round(EDITOR_IMAGE_MAX_BYTES / 1024 / 1024);
/** The types the file chooser offers; the server checks each file's content, not its name. */
const ACCEPT = '.jpg,.jpeg,.png,.webp,.gif,image/jpeg,image/png,image/webp,image/gif';

type Entry = SaveProductImagesBody['Images'][number];

/** The saved list's entries: a server picture by its id, any other by its address. */
const entriesOf = (set: ProductImageSet): Entry[] =>
  set.Images.map((image) => (image.ImageId !== null ? { ImageId: image.ImageId } : { Url: image.Url }));

/**
 * 商品图片: the product's pictures in order (the first, 主图, is the one the lists show), with
 * 上传图片 (JPG, PNG, WebP or GIF up to 10 MB, several at once), 从服务器图片选择, ← / → to
 * reorder and 删除. Pictures are live product attributes (docs/catalog.md): each change is saved
 * at once with the revision read and shows on the customer site without 发布新版本.
 */
export function ProductPictures({ productId, title }: { productId: number; title: string }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const key = ['console', 'product-images', productId] as const;
  const images = useQuery({
    queryKey: key,
    queryFn: () => staffCall(staffCalls.ProductImages, { ProductId: productId }),
  });
  const [isBusy, setBusy] = useState(false);
  const [conflict, setConflict] = useState('');
  const [isPicking, setPicking] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const save = async (change: (entries: Entry[]) => Entry[], done: string) => {
    const set = images.data;
    if (!set) return;
    setBusy(true);
    try {
      const saved = await staffCall(staffCalls.SaveProductImages, {
        ProductId: productId,
        Revision: set.Revision,
        Alt: title,
        Images: change(entriesOf(set)),
      });
      queryClient.setQueryData(key, saved);
      setConflict('');
      void message.success(done);
    } catch (error) {
      if (error instanceof StaffApiError && error.apiCode === ApiCode.EditConflict)
        setConflict(error.message);
      else void message.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const uploadFiles = async (files: File[]) => {
    if (input.current) input.current.value = '';
    const set = images.data;
    if (!set || files.length === 0) return;
    const room = PRODUCT_IMAGES_MAX - set.Images.length;
    if (files.length > room) {
      void message.error(`每个商品最多 ${PRODUCT_IMAGES_MAX} 张图片，还能再加 ${Math.max(room, 0)} 张`);
      return;
    }
    const tooLarge = files.find((file) => file.size > EDITOR_IMAGE_MAX_BYTES);
    if (tooLarge) {
      void message.error(`「${tooLarge.name}」超过 ${MAX_MB} MB，请压缩后再上传`);
      return;
    }
    setBusy(true);
    const added: number[] = [];
    try {
      for (const file of files) {
        const form = new FormData();
        form.append('uploaderFileType', '16');
        form.append('file', file);
        try {
          added.push((await staffUpload(staffCalls.UploadProductImage, form)).Id);
        } catch (error) {
          void message.error(`「${file.name}」未上传：${errorMessage(error)}`);
        }
      }
    } finally {
      setBusy(false);
    }
    if (added.length > 0) {
      await save(
        (entries) => [...entries, ...added.map((id) => ({ ImageId: id }))],
        '图片已上传，客户网站已显示',
      );
    }
  };

  const move = (from: number, to: number) =>
    void save(
      (entries) => {
        const next = [...entries];
        const [moved] = next.splice(from, 1);
        next.splice(to, 0, moved!);
        return next;
      },
      to === 0 ? '已设为主图' : '顺序已保存',
    );

  const set = images.data;
  return (
    <Card
      size="small"
      title="商品图片"
      style={{ marginBottom: 16 }}
      extra={<Typography.Text type="secondary">图片即时保存，无需发布</Typography.Text>}
    >
      {conflict ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          style={{ marginBottom: 12 }}
          title={conflict}
          action={
            <Button
              size="small"
              onClick={() => {
                setConflict('');
                void images.refetch();
              }}
            >
              重新读取
            </Button>
          }
        />
      ) : null}
      {images.error ? <Alert type="error" showIcon title={errorMessage(images.error)} /> : null}
      <Spin spinning={isBusy || images.isLoading}>
        {set && set.Images.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有图片：客户网站显示商品名称的首字" />
        ) : null}
        <Space wrap align="start" aria-label="商品图片列表">
          {set?.Images.map((image, index) => (
            <figure
              key={image.Url}
              style={{ margin: 0, width: 132, border: '1px solid #f0f0f0', borderRadius: 6, padding: 6 }}
            >
              <img
                src={image.SmallUrl}
                alt={`第 ${index + 1} 张图片`}
                width={120}
                height={90}
                style={{ objectFit: 'cover', display: 'block', borderRadius: 4, background: '#fafafa' }}
              />
              <figcaption>
                <Space size={2} wrap>
                  {index === 0 ? <Tag color="green">主图</Tag> : null}
                  <Button
                    size="small"
                    type="text"
                    disabled={index === 0 || isBusy}
                    aria-label={`第 ${index + 1} 张图片前移`}
                    onClick={() => move(index, index - 1)}
                  >
                    ←
                  </Button>
                  <Button
                    size="small"
                    type="text"
                    disabled={index === set.Images.length - 1 || isBusy}
                    aria-label={`第 ${index + 1} 张图片后移`}
                    onClick={() => move(index, index + 1)}
                  >
                    →
                  </Button>
                  <Button
                    size="small"
                    type="link"
                    danger
                    disabled={isBusy}
                    aria-label={`删除第 ${index + 1} 张图片`}
                    onClick={() =>
                      void save((entries) => entries.filter((_, at) => at !== index), '图片已删除')
                    }
                  >
                    删除
                  </Button>
                </Space>
              </figcaption>
            </figure>
          ))}
        </Space>
      </Spin>
      <Space wrap style={{ marginTop: 12 }}>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          multiple
          hidden
          aria-label="选择商品图片文件"
          onChange={(event) => void uploadFiles([...(event.target.files ?? [])])}
        />
        <Button type="primary" ghost disabled={!set || isBusy} onClick={() => input.current?.click()}>
          上传图片
        </Button>
        <Button disabled={!set || isBusy} onClick={() => setPicking(true)}>
          从服务器图片选择
        </Button>
        <Typography.Text type="secondary">
          JPG、PNG、WebP 或 GIF，每张不超过 {MAX_MB} MB，最多 {PRODUCT_IMAGES_MAX} 张；第一张为主图
        </Typography.Text>
      </Space>
      <ServerFilePicker
        open={isPicking}
        okText="添加所选图片"
        onCancel={() => setPicking(false)}
        onPick={(picked) => {
          setPicking(false);
          const urls = new Set(set?.Images.map((image) => image.Url));
          const fresh = picked.filter((image) => !urls.has(image.Url));
          if (fresh.length > 0) {
            void save(
              (entries) => [...entries, ...fresh.map((image) => ({ ImageId: image.Id }))],
              '图片已添加',
            );
          }
        }}
      />
    </Card>
  );
}
