import { useRef, useState } from 'react';
import { App, Button, Card, Popconfirm, Space, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import {
  SITE_LOGO_MAX_BYTES,
  SITE_LOGO_MAX_HEIGHT_PX,
  SITE_LOGO_MAX_WIDTH_PX,
  staffCalls,
  type SiteSettings,
} from '@inkstone/contracts';
import { errorMessage, staffCall, staffUpload } from '../../lib/staff-api.ts';

/**
 * 网站 Logo: a preview of the merchant's logo (or a note that the site shows its name), and for
 * an administrator a button to upload a new one (JPG, PNG or WebP up to 2 MB; the server refuses
 * anything else in Chinese) and one to remove it. The text fields of the page are not touched.
 */
export function SiteLogoCard({ logoUrl, mayChange }: { logoUrl: string | null; mayChange: boolean }) {
  const { message } = App.useApp();
  const [current, setCurrent] = useState(logoUrl);
  const input = useRef<HTMLInputElement>(null);

  const done = (text: string) => (saved: SiteSettings) => {
    setCurrent(saved.LogoUrl);
    void message.success(text);
  };
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return staffUpload(staffCalls.UploadSiteLogo, form);
    },
    onSuccess: done('Logo 已更新，顾客刷新网站后即可看到'),
    onError: (error) => void message.error(errorMessage(error)),
  });
  const remove = useMutation({
    mutationFn: () => staffCall(staffCalls.RemoveSiteLogo, {}),
    onSuccess: done('Logo 已移除，网站改为显示商户名称'),
    onError: (error) => void message.error(errorMessage(error)),
  });

  const chosen = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (file.size > SITE_LOGO_MAX_BYTES) {
      void message.error('Logo 图片不能超过 2 MB，请换一张较小的图片');
      return;
    }
    upload.mutate(file);
  };

  return (
    <Card type="inner" title="网站 Logo" style={{ maxWidth: 640, marginBottom: 24 }}>
      <Space direction="vertical" size="middle">
        <div
          style={{
            minHeight: 64,
            padding: 12,
            border: '1px dashed #d9d9d9',
            borderRadius: 8,
            background: '#fafafa',
            display: 'flex',
            alignItems: 'center',
          }}
        >
          {current ? (
            <img src={current} alt="当前 Logo" style={{ maxWidth: 240, maxHeight: 80, display: 'block' }} />
          ) : (
            <Typography.Text type="secondary">未上传 Logo：网站页头与打印单显示商户名称</Typography.Text>
          )}
        </div>
        <Typography.Text type="secondary">
          支持 JPG、PNG（可带透明背景）或 WebP，不超过 2 MB；按比例缩到 {SITE_LOGO_MAX_WIDTH_PX}×
          {SITE_LOGO_MAX_HEIGHT_PX} 像素以内。显示在网站页头和打印的订单、送货单、对账单上。
        </Typography.Text>
        {mayChange ? (
          <Space>
            <input
              ref={input}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              aria-label="选择 Logo 图片"
              style={{ display: 'none' }}
              onChange={(event) => chosen(event.target.files?.[0])}
            />
            <Button type="primary" loading={upload.isPending} onClick={() => input.current?.click()}>
              {current ? '更换 Logo' : '上传 Logo'}
            </Button>
            {current ? (
              <Popconfirm title="移除 Logo？网站将改为显示商户名称" onConfirm={() => remove.mutate()}>
                <Button danger loading={remove.isPending}>
                  移除 Logo
                </Button>
              </Popconfirm>
            ) : null}
          </Space>
        ) : null}
      </Space>
    </Card>
  );
}
