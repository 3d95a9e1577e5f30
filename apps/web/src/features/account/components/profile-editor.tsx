import { Avatar, Button, Form, Input, Popconfirm, Upload } from 'antd';
import type { FormRule } from 'antd';
import { DeleteOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { NICK_NAME_MAX_LENGTH, updateCustomerInfoBodySchema } from '@inkstone/contracts';
import type { LoginUserInfo } from '@inkstone/contracts';
import { feedback } from '../../../lib/feedback.ts';
import { useCustomerInfo } from '../api/get-customer-info.ts';
import { useDeleteAvatar } from '../api/delete-avatar.ts';
import { useUpdateCustomerInfo } from '../api/update-customer-info.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';
import { AVATAR_ACCEPT, avatarFileProblem } from '../utils/avatar-file.ts';
import './account.css';

/** The nickname rule of the call itself (1–32 characters, one line, nothing invisible). */
const nickNameRules: FormRule[] = [
  {
    validator: async (_rule, value: unknown) => {
      const parsed = updateCustomerInfoBodySchema.shape.NickName.safeParse(value ?? '');
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? '昵称不正确');
    },
  },
];

function AvatarEditor({ info }: { info: LoginUserInfo }) {
  const upload = useUploadAvatar();
  const remove = useDeleteAvatar();

  async function choose(file: File) {
    const problem = avatarFileProblem(file);
    if (problem) {
      feedback.error(problem);
      return;
    }
    try {
      await upload.mutateAsync(file);
      feedback.success('头像已更新');
    } catch {
      // Shown by the API client (not a picture, too large, …).
    }
  }

  async function clear() {
    try {
      await remove.mutateAsync();
      feedback.success('头像已移除');
    } catch {
      // Shown by the API client.
    }
  }

  return (
    <div className="ink-profile-editor__avatar">
      <Avatar
        size={88}
        src={info.Avatar ?? undefined}
        icon={<UserOutlined />}
        alt="我的头像"
        className="ink-profile-editor__picture"
        data-testid="profile-avatar"
      />
      <div className="ink-profile-editor__avatar-actions">
        <div className="ink-profile-editor__buttons">
          <Upload
            accept={AVATAR_ACCEPT}
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              void choose(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={upload.isPending}>
              {info.Avatar ? '更换头像' : '上传头像'}
            </Button>
          </Upload>
          {info.Avatar ? (
            <Popconfirm title="确定移除头像吗？" okText="移除" cancelText="取消" onConfirm={() => clear()}>
              <Button type="text" danger icon={<DeleteOutlined />} loading={remove.isPending}>
                移除头像
              </Button>
            </Popconfirm>
          ) : null}
        </div>
        <small>支持 JPG、PNG、WebP，不超过 5 MB；图片将居中裁剪为正方形</small>
      </div>
    </div>
  );
}

function NickNameForm({ info }: { info: LoginUserInfo }) {
  const [form] = Form.useForm<{ NickName: string }>();
  const update = useUpdateCustomerInfo();

  async function submit(values: { NickName: string }) {
    try {
      const saved = await update.mutateAsync({ NickName: values.NickName.trim() });
      form.setFieldsValue({ NickName: saved.NickName });
      feedback.success('昵称已保存');
    } catch {
      // Shown by the API client.
    }
  }

  return (
    <Form
      form={form}
      className="ink-profile-editor__nick"
      layout="inline"
      requiredMark={false}
      initialValues={{ NickName: info.NickName }}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item name="NickName" label="昵称" rules={nickNameRules}>
        <Input maxLength={NICK_NAME_MAX_LENGTH} showCount placeholder="1–32 个字" autoComplete="nickname" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        保存昵称
      </Button>
    </Form>
  );
}

/**
 * 个人资料's changeable part: the avatar (upload, replace, remove) and the nickname. Shown once the
 * profile has loaded (ProfilePanel beside it shows the loading and the failure).
 */
export function ProfileEditor() {
  const { data: info } = useCustomerInfo();
  if (!info) return null;
  return (
    <section className="ink-account-panel ink-profile-editor" aria-label="头像与昵称">
      <AvatarEditor info={info} />
      <NickNameForm info={info} />
    </section>
  );
}
