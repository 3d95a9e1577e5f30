import { useMemo, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
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
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MENU_MAX_DEPTH,
  staffCalls,
  type ContentLink,
  type SaveMenuEntryBody,
  type StaffMenuEntry,
} from '@inkstone/contracts';
import { errorMessage, staffCall } from '../../../lib/staff-api.ts';
import { ConflictAlert, useRevisionSave } from '../revision-save.tsx';
import { LINK_TYPES, linkText } from '../links.ts';

type Position = StaffMenuEntry['Position'];
const MENUS_KEY = ['console', 'menus'] as const;

const POSITIONS: { value: Position; label: string }[] = [
  { value: 'top', label: '顶部导航' },
  { value: 'footer', label: '页脚' },
  { value: 'side', label: '侧栏' },
];
const VERSIONS = [
  { value: 0, label: '所有版本共用' },
  { value: 1, label: '版本 1' },
  { value: 2, label: '版本 2' },
  { value: 3, label: '版本 3' },
  { value: 4, label: '版本 4' },
];

interface Row extends StaffMenuEntry {
  depth: number;
  children?: Row[];
}

function tree(entries: readonly StaffMenuEntry[], parentId: number | null = null, depth = 1): Row[] {
  return entries
    .filter((entry) => entry.ParentId === parentId)
    .map((entry) => {
      const children = depth < MENU_MAX_DEPTH + 1 ? tree(entries, entry.Id, depth + 1) : [];
      return { ...entry, depth, ...(children.length > 0 ? { children } : {}) };
    });
}

interface EntryForm {
  Title: string;
  LinkType: ContentLink['Type'];
  LinkTarget: string;
  SerialNumber: number;
  IsActive: boolean;
}

/**
 * 网站 › 菜单: a position's menu (顶部导航, 页脚, 侧栏) of one interface version, or the one all
 * versions share, as a tree of at most three levels: 新建菜单, 添加下级, 编辑, 删除. A version
 * with entries of its own shows only them on the site; one without shows the shared menu.
 */
export default function MenusTab() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [position, setPosition] = useState<Position>('top');
  const [version, setVersion] = useState(1);
  const [editing, setEditing] = useState<{ entry: StaffMenuEntry | null; parentId: number | null } | null>(
    null,
  );
  const menus = useQuery({
    queryKey: [...MENUS_KEY, position],
    queryFn: () => staffCall(staffCalls.QueryMenuEntries, { Position: position }),
  });
  const rows = useMemo(
    () => tree((menus.data?.List ?? []).filter((entry) => (entry.Version ?? 0) === version)),
    [menus.data, version],
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: MENUS_KEY });
  const remove = useMutation({
    mutationFn: (entry: StaffMenuEntry) =>
      staffCall(staffCalls.DeleteMenuEntry, { Id: entry.Id, Revision: entry.Revision }),
    onSuccess: () => void message.success('删除成功'),
    onError: (error) => void message.error(errorMessage(error)),
    onSettled: () => void refresh(),
  });

  return (
    <Card
      title="菜单"
      extra={
        <Button type="primary" onClick={() => setEditing({ entry: null, parentId: null })}>
          新建菜单
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented
          options={POSITIONS}
          value={position}
          onChange={(value) => setPosition(value as Position)}
        />
        <Select
          style={{ width: 160 }}
          options={VERSIONS}
          value={version}
          onChange={setVersion}
          aria-label="界面版本"
        />
      </Space>
      {menus.error ? <Alert type="error" showIcon title={errorMessage(menus.error)} /> : null}
      <Table<Row>
        rowKey="Id"
        loading={menus.isLoading}
        dataSource={rows}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        key={`${position}-${version}-${rows.length}`}
        locale={{
          emptyText: version === 0 ? '没有共用的菜单' : '这个版本没有自己的菜单，网站显示所有版本共用的菜单',
        }}
        columns={[
          { title: '名称', dataIndex: 'Title' },
          { title: '链接', key: 'link', render: (_value, row) => linkText(row.Link) },
          { title: '排序', dataIndex: 'SerialNumber', width: 70 },
          {
            title: '状态',
            dataIndex: 'IsActive',
            width: 90,
            render: (active: boolean) => (active ? <Tag color="green">启用</Tag> : <Tag>已停用</Tag>),
          },
          {
            title: '操作',
            key: 'actions',
            width: 200,
            render: (_value, row) => (
              <Space size={0}>
                {row.depth < MENU_MAX_DEPTH ? (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setEditing({ entry: null, parentId: row.Id })}
                  >
                    添加下级
                  </Button>
                ) : null}
                <Button
                  type="link"
                  size="small"
                  onClick={() => setEditing({ entry: row, parentId: row.ParentId })}
                >
                  编辑
                </Button>
                <Popconfirm
                  title="确定要删除吗?"
                  description={`删除菜单「${row.Title}」（须没有下级菜单）`}
                  onConfirm={() => remove.mutate(row)}
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
      <EntryDialog
        editing={editing}
        position={position}
        version={version === 0 ? null : version}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
    </Card>
  );
}

function EntryDialog({
  editing,
  position,
  version,
  onClose,
  onSaved,
}: {
  editing: { entry: StaffMenuEntry | null; parentId: number | null } | null;
  position: Position;
  version: number | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<EntryForm>();
  const linkType = Form.useWatch('LinkType', form);
  const entry = editing?.entry ?? null;
  const {
    mutation: save,
    conflict,
    clearConflict,
  } = useRevisionSave({
    save: (values: EntryForm) => {
      const body: SaveMenuEntryBody = {
        Position: entry?.Position ?? position,
        Version: entry ? entry.Version : version,
        ParentId: editing?.parentId ?? null,
        Title: values.Title,
        Link: { Type: values.LinkType, Target: values.LinkType === 'none' ? '' : (values.LinkTarget ?? '') },
        SerialNumber: values.SerialNumber ?? 0,
        IsActive: values.IsActive,
        ...(entry ? { Id: entry.Id, Revision: entry.Revision } : {}),
      };
      return staffCall(staffCalls.SaveMenuEntry, body);
    },
    savedMessage: '菜单已保存，顾客刷新网站后即可看到',
    onSaved,
  });
  return (
    <Modal
      title={entry ? '编辑菜单' : editing?.parentId ? '添加下级菜单' : '新建菜单'}
      open={editing !== null}
      onCancel={() => {
        clearConflict();
        onClose();
      }}
      onOk={() => form.submit()}
      okText="保存"
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <ConflictAlert conflict={conflict} what="这个菜单" />
      <Form<EntryForm>
        form={form}
        layout="vertical"
        clearOnDestroy
        initialValues={
          entry
            ? {
                Title: entry.Title,
                LinkType: entry.Link.Type,
                LinkTarget: entry.Link.Target,
                SerialNumber: entry.SerialNumber,
                IsActive: entry.IsActive,
              }
            : { Title: '', LinkType: 'none', LinkTarget: '', SerialNumber: 0, IsActive: true }
        }
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="Title"
          label="名称"
          rules={[{ required: true, whitespace: true, message: '请填写菜单名称' }]}
        >
          <Input maxLength={20} showCount />
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
                style={{ width: 260 }}
                placeholder={LINK_TYPES.find((type) => type.value === linkType)?.placeholder}
              />
            </Form.Item>
          ) : null}
        </Space>
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
