import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Segmented,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  staffCalls,
  type AdPosition,
  type ContentLink,
  type EditorImage,
  type SaveAdBody,
  type StaffAd,
} from '@inkstone/contracts';
import { ServerFilePicker } from '../../../components/server-file-picker.tsx';
import { errorMessage, staffCall } from '../../../lib/staff-api.ts';
import { ConflictAlert, useRevisionSave } from '../revision-save.tsx';
import { LINK_TYPES, linkText } from '../links.ts';

const ADS_KEY = ['console', 'ads'] as const;

const POSITIONS: { value: AdPosition; label: string }[] = [
  { value: 'home_carousel', label: '首页轮播' },
  { value: 'home_side', label: '首页侧栏' },
  { value: 'login', label: '登录页' },
];

const STATUS: Record<StaffAd['Status'], { text: string; color?: string }> = {
  showing: { text: '展示中', color: 'green' },
  scheduled: { text: '未开始', color: 'blue' },
  ended: { text: '已结束' },
  inactive: { text: '已停用' },
};

const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '不限');

interface AdForm {
  Title: string;
  Subtitle: string;
  LinkType: ContentLink['Type'];
  LinkTarget: string;
  SerialNumber: number;
  Window: [Dayjs | null, Dayjs | null] | null;
  IsActive: boolean;
}

/**
 * 网站 › 广告: the banners of one position (首页轮播, 首页侧栏, 登录页) with their picture, link, time
 * window, order and state; 新建广告 and 编辑 open a dialog where the picture comes from the
 * server-file picker. What is saved shows on the customer site at its next visit.
 */
export default function AdsTab() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [position, setPosition] = useState<AdPosition>('home_carousel');
  const [editing, setEditing] = useState<StaffAd | 'new' | null>(null);
  const ads = useQuery({
    queryKey: [...ADS_KEY, position],
    queryFn: () => staffCall(staffCalls.QueryAds, { Position: position }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ADS_KEY });
  const remove = useMutation({
    mutationFn: (ad: StaffAd) => staffCall(staffCalls.DeleteAd, { Id: ad.Id, Revision: ad.Revision }),
    onSuccess: () => void message.success('删除成功'),
    onError: (error) => void message.error(errorMessage(error)),
    onSettled: () => void refresh(),
  });

  return (
    <Card
      title="广告"
      extra={
        <Button type="primary" onClick={() => setEditing('new')}>
          新建广告
        </Button>
      }
    >
      <Segmented
        options={POSITIONS}
        value={position}
        onChange={(value) => setPosition(value as AdPosition)}
        style={{ marginBottom: 16 }}
      />
      {ads.error ? <Alert type="error" showIcon title={errorMessage(ads.error)} /> : null}
      <Table<StaffAd>
        rowKey="Id"
        loading={ads.isLoading}
        dataSource={ads.data?.List ?? []}
        pagination={false}
        locale={{ emptyText: '这个位置还没有广告' }}
        columns={[
          {
            title: '图片',
            key: 'image',
            width: 180,
            render: (_value, ad) => (
              <img
                src={ad.Image.SmallUrl}
                alt={ad.Image.Alt}
                style={{ width: 160, height: 60, objectFit: 'cover', borderRadius: 4, display: 'block' }}
              />
            ),
          },
          {
            title: '标题',
            dataIndex: 'Title',
            render: (title: string, ad) => (
              <Space direction="vertical" size={0}>
                <span>{title}</span>
                {ad.Subtitle ? <Typography.Text type="secondary">{ad.Subtitle}</Typography.Text> : null}
              </Space>
            ),
          },
          {
            title: '链接',
            key: 'link',
            render: (_value, ad) => linkText(ad.Link),
          },
          {
            title: '展示时间',
            key: 'window',
            width: 200,
            render: (_value, ad) => `${time(ad.StartTime)} 至 ${time(ad.EndTime)}`,
          },
          { title: '排序', dataIndex: 'SerialNumber', width: 70 },
          {
            title: '状态',
            dataIndex: 'Status',
            width: 90,
            render: (status: StaffAd['Status']) => (
              <Tag color={STATUS[status].color}>{STATUS[status].text}</Tag>
            ),
          },
          {
            title: '操作',
            key: 'actions',
            width: 130,
            render: (_value, ad) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(ad)}>
                  编辑
                </Button>
                <Popconfirm
                  title="确定要删除吗?"
                  description={`删除广告「${ad.Title}」`}
                  onConfirm={() => remove.mutate(ad)}
                >
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <AdDialog
        ad={editing}
        position={position}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
    </Card>
  );
}

/** 新建广告 / 编辑广告, saved with the revision the ad was read at. */
function AdDialog({
  ad,
  position,
  onClose,
  onSaved,
}: {
  ad: StaffAd | 'new' | null;
  position: AdPosition;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<AdForm>();
  const [picture, setPicture] = useState<EditorImage | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const linkType = Form.useWatch('LinkType', form);
  const current = ad && ad !== 'new' ? ad : null;

  const {
    mutation: save,
    conflict,
    clearConflict,
  } = useRevisionSave({
    save: (values: AdForm) => {
      const body: SaveAdBody = {
        Position: current?.Position ?? position,
        Title: values.Title,
        Subtitle: values.Subtitle ?? '',
        Link: { Type: values.LinkType, Target: values.LinkType === 'none' ? '' : (values.LinkTarget ?? '') },
        SerialNumber: values.SerialNumber ?? 0,
        StartTime: values.Window?.[0]?.toISOString() ?? null,
        EndTime: values.Window?.[1]?.toISOString() ?? null,
        IsActive: values.IsActive,
        ...(picture ? { ImageId: picture.Id } : {}),
        ...(current ? { Id: current.Id, Revision: current.Revision } : {}),
      };
      return staffCall(staffCalls.SaveAd, body);
    },
    savedMessage: '广告已保存，顾客刷新网站后即可看到',
    onSaved: () => {
      setPicture(null);
      onSaved();
    },
  });

  const preview = picture?.Url ?? current?.Image.Url;

  return (
    <Modal
      title={current ? '编辑广告' : '新建广告'}
      open={ad !== null}
      width={720}
      onCancel={() => {
        setPicture(null);
        clearConflict();
        onClose();
      }}
      onOk={() => form.submit()}
      okText="保存"
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <ConflictAlert conflict={conflict} what="这条广告" />
      <Form<AdForm>
        form={form}
        layout="vertical"
        clearOnDestroy
        initialValues={
          current
            ? {
                Title: current.Title,
                Subtitle: current.Subtitle,
                LinkType: current.Link.Type,
                LinkTarget: current.Link.Target,
                SerialNumber: current.SerialNumber,
                Window: [
                  current.StartTime ? dayjs(current.StartTime) : null,
                  current.EndTime ? dayjs(current.EndTime) : null,
                ],
                IsActive: current.IsActive,
              }
            : {
                Title: '',
                Subtitle: '',
                LinkType: 'none',
                LinkTarget: '',
                SerialNumber: 0,
                Window: null,
                IsActive: true,
              }
        }
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          label="图片"
          required
          extra="从服务器图片中选择，或在选择框中上传（JPG、PNG、WebP，不超过 10 MB）"
        >
          <Space align="start">
            {preview ? (
              <img
                src={preview}
                alt="广告图片"
                style={{ width: 320, maxHeight: 120, objectFit: 'cover', borderRadius: 4, display: 'block' }}
              />
            ) : (
              <Typography.Text type="secondary">未选择图片</Typography.Text>
            )}
            <Button onClick={() => setPickerOpen(true)}>{preview ? '更换图片' : '选择图片'}</Button>
          </Space>
        </Form.Item>
        <Form.Item
          name="Title"
          label="标题"
          rules={[{ required: true, whitespace: true, message: '请填写广告标题' }]}
        >
          <Input maxLength={60} showCount />
        </Form.Item>
        <Form.Item name="Subtitle" label="副标题">
          <Input maxLength={100} />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item name="LinkType" label="点击后跳转到">
            <Select style={{ width: 140 }} options={LINK_TYPES} />
          </Form.Item>
          {linkType && linkType !== 'none' ? (
            <Form.Item
              name="LinkTarget"
              label="跳转目标"
              rules={[{ required: true, whitespace: true, message: '请填写跳转目标' }]}
            >
              <Input
                style={{ width: 360 }}
                placeholder={LINK_TYPES.find((type) => type.value === linkType)?.placeholder}
              />
            </Form.Item>
          ) : null}
        </Space>
        <Form.Item name="Window" label="展示时间" extra="不填为不限；结束时间到了自动不再展示">
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            allowEmpty={[true, true]}
          />
        </Form.Item>
        <Space size="large">
          <Form.Item name="SerialNumber" label="排序" extra="小的在前">
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
          <Form.Item name="IsActive" label="启用" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </Form>
      <ServerFilePicker
        open={pickerOpen}
        single
        okText="使用这张图片"
        onCancel={() => setPickerOpen(false)}
        onPick={(images) => {
          setPicture(images[0] ?? null);
          setPickerOpen(false);
        }}
      />
    </Modal>
  );
}
