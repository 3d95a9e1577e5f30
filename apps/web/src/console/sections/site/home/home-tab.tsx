import { Suspense, lazy, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Segmented,
  Select,
  Skeleton,
  Space,
  Spin,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  HOME_GROUP_KINDS,
  HOME_GROUP_KIND_LABELS,
  staffCalls,
  type ContentLink,
  type EditorImage,
  type HomeGroupKind,
  type SaveHomeItemBody,
  type StaffHomeGroup,
  type StaffHomeItem,
} from '@inkstone/contracts';
import { ServerFilePicker } from '../../../components/server-file-picker.tsx';
import { errorMessage, staffCall } from '../../../lib/staff-api.ts';
import { LINK_TYPES, linkText } from '../links.ts';
import { ConflictAlert, useRevisionSave } from '../revision-save.tsx';

const HOME_KEY = ['console', 'home-groups'] as const;

// wangEditor is loaded with the item dialog of a notice or 自定义图文, not with the console.
const RichTextEditor = lazy(() => import('../../../components/rich-text-editor.tsx'));

const VERSIONS = [
  { value: 1, label: '版本 1' },
  { value: 2, label: '版本 2' },
  { value: 3, label: '版本 3' },
  { value: 4, label: '版本 4' },
  { value: 0, label: '所有版本共用' },
];

const isProductKind = (kind: HomeGroupKind) => kind === 'hot_products' || kind === 'new_products';

type ItemEditing = { group: StaffHomeGroup; item: StaffHomeItem | null };

/**
 * 网站 › 首页: the home page's groups (楼层) of one interface version, or those every version
 * shares, each with its items — products, notices (公告), carousel pictures, category cells, rich
 * text. Groups and items are added, edited (order, state) and removed (确定要删除吗?); a save shows
 * on the customer's home page at its next visit.
 */
export default function HomeTab() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  // The merchant's own interface version first: the one its home page shows.
  const settings = useQuery({
    queryKey: ['console', 'site-settings'],
    queryFn: () => staffCall(staffCalls.SiteSettings, {}),
  });
  const [chosenVersion, setVersion] = useState<number | null>(null);
  const version = chosenVersion ?? settings.data?.InterfaceVersion ?? 1;
  const [editingGroup, setEditingGroup] = useState<StaffHomeGroup | 'new' | null>(null);
  const [editingItem, setEditingItem] = useState<ItemEditing | null>(null);
  const groups = useQuery({
    queryKey: HOME_KEY,
    queryFn: () => staffCall(staffCalls.QueryHomeGroups, {}),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: HOME_KEY });
  const removeGroup = useMutation({
    mutationFn: (group: StaffHomeGroup) =>
      staffCall(staffCalls.DeleteHomeGroup, { Id: group.Id, Revision: group.Revision }),
    onSuccess: () => void message.success('删除成功'),
    onError: (error) => void message.error(errorMessage(error)),
    onSettled: () => void refresh(),
  });
  const removeItem = useMutation({
    mutationFn: (item: StaffHomeItem) =>
      staffCall(staffCalls.DeleteHomeItem, { Id: item.Id, Revision: item.Revision }),
    onSuccess: () => void message.success('删除成功'),
    onError: (error) => void message.error(errorMessage(error)),
    onSettled: () => void refresh(),
  });
  const wanted = version === 0 ? null : version;
  const shown = (groups.data?.List ?? []).filter((group) => group.Version === wanted);
  const hasOwn = (groups.data?.List ?? []).some((group) => group.Version === wanted);

  return (
    <Card
      title="首页"
      extra={
        <Button type="primary" onClick={() => setEditingGroup('new')}>
          新建分组
        </Button>
      }
    >
      <Segmented
        options={VERSIONS}
        value={version}
        onChange={(value) => setVersion(Number(value))}
        style={{ marginBottom: 16 }}
      />
      {wanted !== null && !hasOwn && groups.data ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="这个版本没有自己的分组，首页显示所有版本共用的分组"
        />
      ) : null}
      {groups.error ? <Alert type="error" showIcon title={errorMessage(groups.error)} /> : null}
      {groups.isLoading ? <Spin style={{ display: 'block', padding: 48 }} /> : null}
      {groups.data && shown.length === 0 ? <Empty description="还没有分组" /> : null}
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {shown.map((group) => (
          <Card
            key={group.Id}
            size="small"
            type="inner"
            aria-label={`分组 ${group.Title}`}
            title={
              <Space>
                <span>{group.Title}</span>
                <Tag>{HOME_GROUP_KIND_LABELS[group.Kind]}</Tag>
                {group.IsActive ? null : <Tag>已停用</Tag>}
                <Typography.Text type="secondary">排序 {group.SerialNumber}</Typography.Text>
              </Space>
            }
            extra={
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditingItem({ group, item: null })}>
                  添加内容
                </Button>
                <Button type="link" size="small" onClick={() => setEditingGroup(group)}>
                  编辑分组
                </Button>
                <Popconfirm
                  title="确定要删除吗?"
                  description={`删除分组「${group.Title}」及其中 ${group.Items.length} 项内容`}
                  onConfirm={() => removeGroup.mutate(group)}
                >
                  <Button type="link" size="small" danger>
                    删除分组
                  </Button>
                </Popconfirm>
              </Space>
            }
          >
            <Table<StaffHomeItem>
              rowKey="Id"
              size="small"
              dataSource={group.Items}
              pagination={false}
              locale={{ emptyText: '这个分组还没有内容' }}
              columns={[
                {
                  title: '图片',
                  key: 'image',
                  width: 100,
                  render: (_value, item) =>
                    item.Image ? (
                      <img
                        src={item.Image.SmallUrl}
                        alt={item.Image.Alt}
                        style={{
                          width: 80,
                          height: 50,
                          objectFit: 'cover',
                          borderRadius: 4,
                          display: 'block',
                        }}
                      />
                    ) : (
                      <Typography.Text type="secondary">无</Typography.Text>
                    ),
                },
                {
                  title: '标题',
                  dataIndex: 'Title',
                  render: (title: string, item) => (
                    <Space direction="vertical" size={0}>
                      <span>{title}</span>
                      {item.Summary ? (
                        <Typography.Text type="secondary" ellipsis style={{ maxWidth: 360 }}>
                          {item.Summary}
                        </Typography.Text>
                      ) : null}
                    </Space>
                  ),
                },
                {
                  title: isProductKind(group.Kind) ? '商品' : group.Kind === 'notices' ? '发布时间' : '链接',
                  key: 'link',
                  render: (_value, item) =>
                    isProductKind(group.Kind)
                      ? `商品 ${item.ProductId ?? ''}`
                      : group.Kind === 'notices'
                        ? item.PublishedAt
                          ? dayjs(item.PublishedAt).format('YYYY-MM-DD HH:mm')
                          : ''
                        : linkText(item.Link),
                },
                { title: '排序', dataIndex: 'SerialNumber', width: 70 },
                {
                  title: '状态',
                  dataIndex: 'IsActive',
                  width: 80,
                  render: (active: boolean) => (active ? <Tag color="green">显示</Tag> : <Tag>已停用</Tag>),
                },
                {
                  title: '操作',
                  key: 'actions',
                  width: 130,
                  render: (_value, item) => (
                    <Space size={0}>
                      <Button type="link" size="small" onClick={() => setEditingItem({ group, item })}>
                        编辑
                      </Button>
                      <Popconfirm
                        title="确定要删除吗?"
                        description={`删除「${item.Title}」`}
                        onConfirm={() => removeItem.mutate(item)}
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
          </Card>
        ))}
      </Space>
      <GroupDialog
        group={editingGroup}
        version={wanted}
        onClose={() => setEditingGroup(null)}
        onSaved={() => {
          setEditingGroup(null);
          void refresh();
        }}
      />
      <ItemDialog
        editing={editingItem}
        onClose={() => setEditingItem(null)}
        onSaved={() => {
          setEditingItem(null);
          void refresh();
        }}
      />
    </Card>
  );
}

interface GroupForm {
  Kind: HomeGroupKind;
  Title: string;
  Subtitle: string;
  SerialNumber: number;
  IsActive: boolean;
}

/** 新建分组 / 编辑分组 of the version shown; a group's kind is chosen once. */
function GroupDialog({
  group,
  version,
  onClose,
  onSaved,
}: {
  group: StaffHomeGroup | 'new' | null;
  version: number | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<GroupForm>();
  const current = group && group !== 'new' ? group : null;
  const { mutation, conflict, clearConflict } = useRevisionSave({
    save: (values: GroupForm) =>
      staffCall(staffCalls.SaveHomeGroup, {
        Version: current ? current.Version : version,
        Kind: current?.Kind ?? values.Kind,
        Title: values.Title,
        Subtitle: values.Subtitle ?? '',
        SerialNumber: values.SerialNumber ?? 0,
        IsActive: values.IsActive,
        ...(current ? { Id: current.Id, Revision: current.Revision } : {}),
      }),
    savedMessage: '首页分组已保存，顾客刷新首页后即可看到',
    onSaved,
  });
  return (
    <Modal
      title={current ? '编辑分组' : '新建分组'}
      open={group !== null}
      onCancel={() => {
        clearConflict();
        onClose();
      }}
      onOk={() => form.submit()}
      okText="保存"
      confirmLoading={mutation.isPending}
      destroyOnHidden
    >
      <ConflictAlert conflict={conflict} what="这个分组" />
      <Form<GroupForm>
        form={form}
        layout="vertical"
        clearOnDestroy
        initialValues={
          current
            ? {
                Kind: current.Kind,
                Title: current.Title,
                Subtitle: current.Subtitle,
                SerialNumber: current.SerialNumber,
                IsActive: current.IsActive,
              }
            : { Kind: 'notices', Title: '', Subtitle: '', SerialNumber: 0, IsActive: true }
        }
        onFinish={(values) => mutation.mutate(values)}
      >
        <Form.Item name="Kind" label="分组类型" extra={current ? '分组类型新建后不能修改' : undefined}>
          <Select
            disabled={current !== null}
            options={HOME_GROUP_KINDS.map((kind) => ({ value: kind, label: HOME_GROUP_KIND_LABELS[kind] }))}
          />
        </Form.Item>
        <Form.Item
          name="Title"
          label="分组标题"
          rules={[{ required: true, whitespace: true, message: '请填写分组标题' }]}
        >
          <Input maxLength={50} showCount />
        </Form.Item>
        <Form.Item name="Subtitle" label="副标题">
          <Input maxLength={100} />
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
    </Modal>
  );
}

interface ItemForm {
  Title: string;
  Summary: string;
  ProductId: number | null;
  LinkType: ContentLink['Type'];
  LinkTarget: string;
  Html: string;
  PublishedAt: Dayjs | null;
  SerialNumber: number;
  IsActive: boolean;
}

/** 添加内容 / 编辑内容 of a group: the fields its kind uses. */
function ItemDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: ItemEditing | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<ItemForm>();
  const [picture, setPicture] = useState<EditorImage | null | 'none'>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const linkType = Form.useWatch('LinkType', form);
  const item = editing?.item ?? null;
  const kind = editing?.group.Kind ?? 'notices';
  const usesRichText = kind === 'notices' || kind === 'rich_text';
  const usesPicture = !usesRichText;
  const { mutation, conflict, clearConflict } = useRevisionSave({
    save: (values: ItemForm) => {
      const body: SaveHomeItemBody = {
        GroupId: editing!.group.Id,
        Title: values.Title,
        // A notice's text is its rich-text body: the server takes the list summary from it.
        Summary: kind === 'notices' ? '' : (values.Summary ?? ''),
        ProductId: isProductKind(kind) ? (values.ProductId ?? null) : null,
        Link: { Type: values.LinkType, Target: values.LinkType === 'none' ? '' : (values.LinkTarget ?? '') },
        Html: usesRichText ? (values.Html ?? '') : '',
        PublishedAt: kind === 'notices' && values.PublishedAt ? values.PublishedAt.toISOString() : null,
        SerialNumber: values.SerialNumber ?? 0,
        IsActive: values.IsActive,
        ...(picture === 'none' ? { ImageId: null } : picture ? { ImageId: picture.Id } : {}),
        ...(item ? { Id: item.Id, Revision: item.Revision } : {}),
      };
      return staffCall(staffCalls.SaveHomeItem, body);
    },
    savedMessage: '首页内容已保存，顾客刷新首页后即可看到',
    onSaved: () => {
      setPicture(null);
      onSaved();
    },
  });
  const preview = picture === 'none' ? undefined : (picture?.Url ?? item?.Image?.Url);

  return (
    <Modal
      title={`${item ? '编辑' : '添加'}${HOME_GROUP_KIND_LABELS[kind]}内容`}
      open={editing !== null}
      width={usesRichText ? 900 : 720}
      onCancel={() => {
        setPicture(null);
        clearConflict();
        onClose();
      }}
      onOk={() => form.submit()}
      okText="保存"
      confirmLoading={mutation.isPending}
      destroyOnHidden
    >
      <ConflictAlert conflict={conflict} what="这项内容" />
      <Form<ItemForm>
        form={form}
        layout="vertical"
        clearOnDestroy
        initialValues={
          item
            ? {
                Title: item.Title,
                Summary: item.Summary,
                ProductId: item.ProductId,
                LinkType: item.Link.Type,
                LinkTarget: item.Link.Target,
                Html: item.Html || plainToHtml(item.Summary),
                PublishedAt: item.PublishedAt ? dayjs(item.PublishedAt) : null,
                SerialNumber: item.SerialNumber,
                IsActive: item.IsActive,
              }
            : {
                Title: '',
                Summary: '',
                ProductId: null,
                LinkType: 'none',
                LinkTarget: '',
                Html: '',
                PublishedAt: null,
                SerialNumber: 0,
                IsActive: true,
              }
        }
        onFinish={(values) => mutation.mutate(values)}
      >
        <Form.Item
          name="Title"
          label={kind === 'notices' ? '公告标题' : '标题'}
          rules={[{ required: true, whitespace: true, message: '请填写标题' }]}
        >
          <Input maxLength={100} showCount />
        </Form.Item>
        {isProductKind(kind) ? (
          <Form.Item
            name="ProductId"
            label="商品编号"
            rules={[{ required: true, message: '请填写商品编号' }]}
            extra="“起价”由报价引擎按商品当前目录算出"
          >
            <InputNumber min={1} precision={0} style={{ width: 200 }} />
          </Form.Item>
        ) : null}
        {kind === 'notices' ? null : (
          <Form.Item name="Summary" label="说明">
            <Input.TextArea maxLength={300} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
        )}
        {usesRichText ? (
          <Form.Item
            name="Html"
            label={kind === 'notices' ? '公告正文' : '图文内容'}
            required={kind === 'rich_text'}
            rules={
              kind === 'rich_text'
                ? [
                    {
                      validator: async (_rule, value?: string) => {
                        if (!hasRichContent(value ?? '')) throw new Error('请填写图文内容');
                      },
                    },
                  ]
                : []
            }
            extra={
              kind === 'notices'
                ? '正文与链接至少填一项；首页公告列表显示正文的文字。保存时去掉脚本、事件属性与样式'
                : '保存时去掉脚本、事件属性与样式'
            }
          >
            <RichTextField />
          </Form.Item>
        ) : null}
        {usesPicture ? (
          <Form.Item label="图片" required={kind === 'carousel'} extra="从服务器图片中选择，或在选择框中上传">
            <Space align="start">
              {preview ? (
                <img
                  src={preview}
                  alt="内容图片"
                  style={{
                    width: 240,
                    maxHeight: 120,
                    objectFit: 'cover',
                    borderRadius: 4,
                    display: 'block',
                  }}
                />
              ) : (
                <Typography.Text type="secondary">未选择图片</Typography.Text>
              )}
              <Button onClick={() => setPickerOpen(true)}>{preview ? '更换图片' : '选择图片'}</Button>
              {preview && kind !== 'carousel' ? (
                <Button onClick={() => setPicture('none')}>去掉图片</Button>
              ) : null}
            </Space>
          </Form.Item>
        ) : null}
        <Space wrap align="start">
          <Form.Item
            name="LinkType"
            label="点击后跳转到"
            extra={isProductKind(kind) ? '不跳转时默认打开商品' : undefined}
          >
            <Select style={{ width: 140 }} options={LINK_TYPES} />
          </Form.Item>
          {linkType && linkType !== 'none' ? (
            <Form.Item
              name="LinkTarget"
              label="跳转目标"
              rules={[{ required: true, whitespace: true, message: '请填写跳转目标' }]}
            >
              <Input
                style={{ width: 320 }}
                placeholder={LINK_TYPES.find((type) => type.value === linkType)?.placeholder}
              />
            </Form.Item>
          ) : null}
        </Space>
        {kind === 'notices' ? (
          <Form.Item name="PublishedAt" label="发布时间" extra="不填为保存的时间">
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
        ) : null}
        <Space size="large">
          <Form.Item name="SerialNumber" label="排序" extra="小的在前">
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
          <Form.Item name="IsActive" label="显示" valuePropName="checked">
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

/**
 * The rich-text editor as a form field. The editor takes its value once when it mounts (the
 * dialog is destroyed on close, so each opening starts from the item's HTML).
 */
function RichTextField({ value, onChange }: { value?: string; onChange?: (html: string) => void }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
      <RichTextEditor value={value ?? ''} onChange={(html) => onChange?.(html)} placeholder="请输入内容…" />
    </Suspense>
  );
}

/** Whether the editor's HTML has any text or picture (an emptied editor leaves `<p><br></p>`). */
function hasRichContent(html: string): boolean {
  return /<img\b/i.test(html) || html.replace(/<[^>]*>|&nbsp;/g, '').trim() !== '';
}

/** A notice saved before notices had a rich-text body opens with its plain text as paragraphs. */
function plainToHtml(text: string): string {
  if (!text) return '';
  const escaped = text.replace(
    /[&<>"]/g,
    (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[char]};`,
  );
  return escaped
    .split(/\n+/)
    .map((line) => `<p>${line}</p>`)
    .join('');
}
