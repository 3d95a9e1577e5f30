import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Radio, Skeleton, Space } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiCode,
  mayMakeStaffCall,
  staffCalls,
  type SaveSiteSettingsBody,
  type SiteSettings,
} from '@inkstone/contracts';
import { StaffApiError, errorMessage, staffCall } from '../../lib/staff-api.ts';
import { useStaffSession } from '../../lib/use-staff-session.ts';
import { SiteLogoCard } from './site-logo-card.tsx';

const SITE_KEY = ['console', 'site-settings'] as const;

const VERSIONS = [
  { value: 1, label: '版本 1' },
  { value: 2, label: '版本 2' },
  { value: 3, label: '版本 3' },
  { value: 4, label: '版本 4' },
];

/**
 * 网站 › 基本设置: the shop's name, site title, theme colour (spec §1: 红色 2, else 绿色), interface version
 * (spec §2) and contact details (docs/site-settings.md). Saved with the revision it was read at:
 * when another member saved in between, nothing is written and the server's message says so.
 * The logo has its own card and calls (SiteLogoCard).
 */
export function SiteSettingsTab() {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<SaveSiteSettingsBody>();
  const [conflict, setConflict] = useState('');
  const conflictAlert = useRef<HTMLDivElement>(null);
  const session = useStaffSession();
  const settings = useQuery({ queryKey: SITE_KEY, queryFn: () => staffCall(staffCalls.SiteSettings, {}) });

  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);

  const save = useMutation({
    mutationFn: (values: SaveSiteSettingsBody) => staffCall(staffCalls.SaveSiteSettings, values),
    onSuccess: (saved: SiteSettings) => {
      setConflict('');
      queryClient.setQueryData(SITE_KEY, saved);
      void message.success('网站设置已保存，顾客刷新网站后即可看到');
    },
    onError: (error) => {
      if (error instanceof StaffApiError && error.apiCode === ApiCode.EditConflict) {
        setConflict(error.message);
        return;
      }
      void message.error(errorMessage(error));
    },
  });

  // The refusal is shown above the logo, far from 保存: it is brought into view.
  useEffect(() => {
    if (conflict) conflictAlert.current?.scrollIntoView({ block: 'nearest' });
  }, [conflict]);

  const reload = async () => {
    setConflict('');
    const fresh = await settings.refetch();
    if (fresh.data) form.setFieldsValue(fresh.data);
  };

  return (
    <Card title="网站设置" variant="borderless">
      {settings.error ? <Alert type="error" showIcon title={errorMessage(settings.error)} /> : null}
      {settings.isLoading ? <Skeleton active /> : null}
      {conflict ? (
        <div ref={conflictAlert}>
          <Alert
            type="warning"
            showIcon
            role="alert"
            style={{ marginBottom: 16 }}
            title={conflict}
            description="您这次的修改没有保存。重新读取后会显示其他员工保存的内容，请在此基础上再修改。"
            action={
              <Button size="small" onClick={() => void reload()}>
                重新读取
              </Button>
            }
          />
        </div>
      ) : null}
      {settings.data ? (
        <SiteLogoCard
          logoUrl={settings.data.LogoUrl}
          mayChange={mayMakeStaffCall(session?.staff.Roles ?? [], 'UploadSiteLogo')}
        />
      ) : null}
      <Form<SaveSiteSettingsBody>
        form={form}
        layout="vertical"
        style={{ maxWidth: 640, display: settings.data ? undefined : 'none' }}
        onFinish={(values) => save.mutate({ ...values, Revision: settings.data!.Revision })}
      >
        <Form.Item
          name="Name"
          label="商户名称"
          rules={[{ required: true, whitespace: true, message: '请填写商户名称' }]}
        >
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="WebSiteName" label="网站名称" extra="页面标题；留空则用商户名称">
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="ThemePreference" label="主题色">
          <Radio.Group
            options={[
              { value: 1, label: '绿色' },
              { value: 2, label: '红色' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="InterfaceVersion"
          label="界面版本"
          extra="网站只提供所选版本的页面；其他版本的地址会转到本版本的同一页面"
        >
          <Radio.Group options={VERSIONS} optionType="button" />
        </Form.Item>
        <Space wrap size="large" style={{ width: '100%' }}>
          <Form.Item name="ServicePhone" label="客服电话">
            <Input maxLength={30} style={{ width: 240 }} />
          </Form.Item>
          <Form.Item name="ServiceQQ" label="客服 QQ">
            <Input maxLength={20} style={{ width: 240 }} />
          </Form.Item>
        </Space>
        <Form.Item name="Address" label="门店地址" extra="到店自提也使用此地址">
          <Input maxLength={120} />
        </Form.Item>
        <Space wrap size="large" style={{ width: '100%' }}>
          <Form.Item name="BusinessHours" label="营业时间">
            <Input maxLength={60} style={{ width: 240 }} />
          </Form.Item>
          <Form.Item name="IcpNumber" label="ICP 备案号">
            <Input maxLength={40} style={{ width: 240 }} />
          </Form.Item>
        </Space>
        <Form.Item name="Notice" label="网站公告">
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存
        </Button>
      </Form>
    </Card>
  );
}
