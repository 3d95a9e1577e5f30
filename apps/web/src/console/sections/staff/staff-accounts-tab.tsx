import { useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiCode,
  STAFF_ROLE_NAMES,
  staffCalls,
  type SaveStaffBody,
  type StaffInfo,
  type StaffRole,
} from '@inkstone/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { StaffApiError, errorMessage, staffCall } from '../../lib/staff-api.ts';
import { useStaffSession } from '../../lib/use-staff-session.ts';

/** The query key of the staff list (the log's member filter reads it too). */
export const STAFF_KEY = ['console', 'staff'] as const;

/** The staff accounts (QueryStaff). */
export function useStaffList() {
  return useQuery({ queryKey: [...STAFF_KEY, 'list'], queryFn: () => staffCall(staffCalls.QueryStaff, {}) });
}

const ROLE_OPTIONS = (Object.entries(STAFF_ROLE_NAMES) as [StaffRole, string][]).map(([value, label]) => ({
  value,
  label,
}));

interface StaffForm {
  Account: string;
  Name: string;
  Roles: StaffRole[];
  Password?: string;
  IsActive: boolean;
}

/** 员工账号: every account with its roles and state; 新建员工 and 编辑 open the form. */
export function StaffAccountsTab() {
  const { data, error, isFetching } = useStaffList();
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<StaffInfo | 'new' | null>(null);
  const [problem, setProblem] = useState<{ text: string; conflict: boolean } | null>(null);
  const [form] = Form.useForm<StaffForm>();
  const isSelf = editing !== null && editing !== 'new' && editing.Id === session?.staff.Id;

  const save = useMutation({
    mutationFn: (values: StaffForm) => {
      const body: SaveStaffBody = {
        ...(editing !== 'new' && editing ? { Id: editing.Id, Revision: editing.Revision } : {}),
        Account: values.Account,
        Name: values.Name,
        Roles: values.Roles,
        IsActive: values.IsActive,
        Password: values.Password ? values.Password : null,
      };
      return staffCall(staffCalls.SaveStaff, body);
    },
    onSuccess: (saved) => {
      message.success(editing === 'new' ? `已新建员工 ${saved.Account}` : `已保存员工 ${saved.Account}`);
      void queryClient.invalidateQueries({ queryKey: ['console', 'staff'] });
      setEditing(null);
    },
    onError: (failure) =>
      setProblem({
        text: errorMessage(failure),
        conflict: failure instanceof StaffApiError && failure.apiCode === ApiCode.EditConflict,
      }),
  });

  const open = (target: StaffInfo | 'new') => {
    setProblem(null);
    setEditing(target);
    form.setFieldsValue(
      target === 'new'
        ? { Account: '', Name: '', Roles: [], Password: '', IsActive: true }
        : {
            Account: target.Account,
            Name: target.Name,
            Roles: target.Roles,
            Password: '',
            IsActive: target.IsActive,
          },
    );
  };

  /** After a conflict: the other administrator's values, to edit from there. */
  const reread = async () => {
    if (editing === 'new' || !editing) return;
    const list = await queryClient.fetchQuery({
      queryKey: [...STAFF_KEY, 'list'],
      queryFn: () => staffCall(staffCalls.QueryStaff, {}),
      staleTime: 0,
    });
    const fresh = list.List.find((item) => item.Id === editing.Id);
    if (fresh) open(fresh);
  };

  const columns: ColumnsType<StaffInfo> = [
    {
      title: '账号',
      dataIndex: 'Account',
      render: (account: string, member) => (
        <Space size={4}>
          <Typography.Text strong>{account}</Typography.Text>
          {member.Id === session?.staff.Id ? <Tag>我</Tag> : null}
        </Space>
      ),
    },
    { title: '姓名', dataIndex: 'Name' },
    {
      title: '角色',
      key: 'roles',
      render: (_value, member) => member.RoleNames.map((name) => <Tag key={name}>{name}</Tag>),
    },
    {
      title: '状态',
      dataIndex: 'IsActive',
      render: (active: boolean) => (active ? <Tag color="green">正常</Tag> : <Tag color="red">已停用</Tag>),
    },
    { title: '上次登录', dataIndex: 'LastLoginTime', render: (iso: string | null) => formatDateTime(iso) },
    {
      title: '操作',
      key: 'edit',
      render: (_value, member) => (
        <Button type="link" onClick={() => open(member)} aria-label={`编辑员工 ${member.Account}`}>
          编辑
        </Button>
      ),
    },
  ];

  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => open('new')}>
          新建员工
        </Button>
      </Space>
      {error ? (
        <Alert type="error" showIcon title={errorMessage(error)} style={{ marginBottom: 16 }} />
      ) : null}
      <Table<StaffInfo>
        rowKey="Id"
        size="middle"
        columns={columns}
        dataSource={data?.List ?? []}
        loading={isFetching}
        pagination={false}
        locale={{ emptyText: '还没有员工' }}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? '新建员工' : `编辑员工 ${editing?.Account ?? ''}`}
        okText="保存"
        cancelText="取消"
        confirmLoading={save.isPending}
        onOk={() => void form.validateFields().then((values) => save.mutate(values))}
        onCancel={() => setEditing(null)}
        forceRender
      >
        {problem ? (
          <Alert
            type="error"
            showIcon
            title={problem.text}
            style={{ marginBottom: 16 }}
            action={
              problem.conflict ? (
                <Button size="small" onClick={() => void reread()}>
                  重新读取
                </Button>
              ) : null
            }
          />
        ) : null}
        <Form form={form} layout="vertical" requiredMark>
          <Form.Item
            name="Account"
            label="账号"
            rules={[
              { required: true, message: '请填写账号' },
              { pattern: /^[A-Za-z0-9_.@-]{2,32}$/, message: '账号为 2–32 个字母、数字或 _ . @ -' },
            ]}
            extra={editing === 'new' ? '员工用它登录，保存后不能修改' : undefined}
          >
            <Input disabled={editing !== 'new'} maxLength={32} autoComplete="off" />
          </Form.Item>
          <Form.Item name="Name" label="姓名" rules={[{ required: true, message: '请填写姓名' }]}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item
            name="Roles"
            label="角色"
            rules={[{ required: true, message: '请至少选择一个角色' }]}
            extra={isSelf ? '不能取消自己的管理员角色' : '管理员可使用全部功能'}
          >
            <Select mode="multiple" options={ROLE_OPTIONS} placeholder="选择角色" aria-label="角色" />
          </Form.Item>
          <Form.Item
            name="Password"
            label={editing === 'new' ? '密码' : '重置密码'}
            rules={[
              ...(editing === 'new' ? [{ required: true, message: '请设置密码' }] : []),
              { min: 8, message: '密码至少 8 位' },
              { max: 64, message: '密码最多 64 位' },
            ]}
            extra={editing === 'new' ? undefined : '留空则不修改；重置后该员工需用新密码重新登录'}
          >
            <Input.Password maxLength={64} autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="IsActive"
            label="启用"
            valuePropName="checked"
            extra={isSelf ? '不能停用自己的账号' : '停用后该员工立即退出，不能再登录'}
          >
            <Switch checkedChildren="正常" unCheckedChildren="停用" disabled={isSelf} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
