import { useState } from 'react';
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
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TEMPLATE_FILE_MAX_BYTES,
  staffCalls,
  type EditorImage,
  type StaffTemplate,
  type StaffTemplateCategory,
} from '@inkstone/contracts';
import { ServerFilePicker } from '../../../components/server-file-picker.tsx';
import { errorMessage, staffCall, staffUpload } from '../../../lib/staff-api.ts';
import { ConflictAlert, useRevisionSave } from '../revision-save.tsx';

const TEMPLATES_KEY = ['console', 'template-centre'] as const;

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * 网站 › 模板: the template centre's categories (a category holding templates is not removed) and
 * its templates — title, category, cover picture (a server picture), finished size and bleed,
 * files (PDF, AI, CDR, PSD uploaded here), shown or not. What is saved is listed in the customer's
 * 模板中心 at its next visit.
 */
export default function TemplatesTab() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editingCategory, setEditingCategory] = useState<StaffTemplateCategory | 'new' | null>(null);
  const [editingTemplate, setEditingTemplate] = useState<StaffTemplate | 'new' | null>(null);
  const [categoryFilter, setCategoryFilter] = useState<number | null>(null);
  const centre = useQuery({
    queryKey: TEMPLATES_KEY,
    queryFn: () => staffCall(staffCalls.TemplateCentre, {}),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY });
  const onSettled = () => void refresh();
  const onError = (error: Error) => void message.error(errorMessage(error));
  const removeCategory = useMutation({
    mutationFn: (category: StaffTemplateCategory) =>
      staffCall(staffCalls.DeleteTemplateCategory, { Id: category.Id, Revision: category.Revision }),
    onSuccess: () => void message.success('删除成功'),
    onError,
    onSettled,
  });
  const removeTemplate = useMutation({
    mutationFn: (template: StaffTemplate) =>
      staffCall(staffCalls.DeleteTemplate, { Id: template.Id, Revision: template.Revision }),
    onSuccess: () => void message.success('删除成功'),
    onError,
    onSettled,
  });
  const categories = centre.data?.Categories ?? [];
  const categoryTitle = (id: number) => categories.find((category) => category.Id === id)?.Title ?? '';
  const templates = (centre.data?.Templates ?? []).filter(
    (template) => categoryFilter === null || template.CategoryId === categoryFilter,
  );

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {centre.error ? <Alert type="error" showIcon title={errorMessage(centre.error)} /> : null}
      <Card title="模板分类" extra={<Button onClick={() => setEditingCategory('new')}>新建分类</Button>}>
        <Table<StaffTemplateCategory>
          rowKey="Id"
          size="small"
          loading={centre.isLoading}
          dataSource={categories}
          pagination={false}
          locale={{ emptyText: '还没有模板分类' }}
          columns={[
            { title: '名称', dataIndex: 'Title' },
            { title: '模板数', dataIndex: 'TemplateCount', width: 90 },
            { title: '排序', dataIndex: 'SerialNumber', width: 70 },
            {
              title: '操作',
              key: 'actions',
              width: 130,
              render: (_value, category) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setEditingCategory(category)}>
                    编辑
                  </Button>
                  <Popconfirm
                    title="确定要删除吗?"
                    description={`删除模板分类「${category.Title}」`}
                    onConfirm={() => removeCategory.mutate(category)}
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
      <Card
        title="模板"
        extra={
          <Space>
            <Select<number | null>
              style={{ width: 160 }}
              value={categoryFilter}
              onChange={setCategoryFilter}
              options={[
                { value: null, label: '全部分类' },
                ...categories.map((category) => ({ value: category.Id, label: category.Title })),
              ]}
            />
            <Button
              type="primary"
              disabled={categories.length === 0}
              onClick={() => setEditingTemplate('new')}
            >
              新建模板
            </Button>
          </Space>
        }
      >
        <Table<StaffTemplate>
          rowKey="Id"
          loading={centre.isLoading}
          dataSource={templates}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: '还没有模板' }}
          columns={[
            {
              title: '封面',
              key: 'cover',
              width: 100,
              render: (_value, template) =>
                template.Preview ? (
                  <img
                    src={template.Preview.SmallUrl}
                    alt={template.Title}
                    style={{ width: 80, height: 60, objectFit: 'contain', display: 'block' }}
                  />
                ) : null,
            },
            {
              title: '标题',
              dataIndex: 'Title',
              render: (title: string, template) => (
                <Space direction="vertical" size={0}>
                  <span>{title}</span>
                  <Typography.Text type="secondary">{categoryTitle(template.CategoryId)}</Typography.Text>
                </Space>
              ),
            },
            {
              title: '成品尺寸',
              key: 'size',
              width: 150,
              render: (_value, template) =>
                `${template.FinishedWidthMm}×${template.FinishedHeightMm} mm，出血 ${template.BleedMm} mm`,
            },
            {
              title: '文件',
              key: 'files',
              render: (_value, template) =>
                template.Files.map((file) => <Tag key={file.Id}>{file.Format}</Tag>),
            },
            { title: '排序', dataIndex: 'SerialNumber', width: 70 },
            {
              title: '状态',
              dataIndex: 'IsActive',
              width: 80,
              render: (active: boolean) => (active ? <Tag color="green">启用</Tag> : <Tag>已停用</Tag>),
            },
            {
              title: '操作',
              key: 'actions',
              width: 130,
              render: (_value, template) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setEditingTemplate(template)}>
                    编辑
                  </Button>
                  <Popconfirm
                    title="确定要删除吗?"
                    description={`删除模板「${template.Title}」及其文件`}
                    onConfirm={() => removeTemplate.mutate(template)}
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
      <CategoryDialog
        category={editingCategory}
        onClose={() => setEditingCategory(null)}
        onSaved={() => {
          setEditingCategory(null);
          void refresh();
        }}
      />
      <TemplateDialog
        template={editingTemplate}
        categories={categories}
        defaultCategoryId={categoryFilter ?? categories[0]?.Id}
        onClose={() => setEditingTemplate(null)}
        onSaved={() => {
          setEditingTemplate(null);
          void refresh();
        }}
      />
    </Space>
  );
}

interface CategoryForm {
  Title: string;
  SerialNumber: number;
}

function CategoryDialog({
  category,
  onClose,
  onSaved,
}: {
  category: StaffTemplateCategory | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<CategoryForm>();
  const current = category && category !== 'new' ? category : null;
  const { mutation, conflict, clearConflict } = useRevisionSave({
    save: (values: CategoryForm) =>
      staffCall(staffCalls.SaveTemplateCategory, {
        Title: values.Title,
        SerialNumber: values.SerialNumber ?? 0,
        ...(current ? { Id: current.Id, Revision: current.Revision } : {}),
      }),
    savedMessage: '模板分类已保存',
    onSaved,
  });
  return (
    <Modal
      title={current ? '编辑模板分类' : '新建模板分类'}
      open={category !== null}
      onCancel={() => {
        clearConflict();
        onClose();
      }}
      onOk={() => form.submit()}
      okText="保存"
      confirmLoading={mutation.isPending}
      destroyOnHidden
    >
      <ConflictAlert conflict={conflict} what="这个分类" />
      <Form<CategoryForm>
        form={form}
        layout="vertical"
        clearOnDestroy
        initialValues={
          current
            ? { Title: current.Title, SerialNumber: current.SerialNumber }
            : { Title: '', SerialNumber: 0 }
        }
        onFinish={(values) => mutation.mutate(values)}
      >
        <Form.Item
          name="Title"
          label="分类名称"
          rules={[{ required: true, whitespace: true, message: '请填写分类名称' }]}
        >
          <Input maxLength={50} showCount />
        </Form.Item>
        <Form.Item name="SerialNumber" label="排序" extra="小的在前">
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface TemplateForm {
  CategoryId: number;
  Title: string;
  ProductId: number | null;
  FinishedWidthMm: number;
  FinishedHeightMm: number;
  BleedMm: number;
  SerialNumber: number;
  IsActive: boolean;
}

/** A file of the template being edited: one it has, or one just uploaded. */
type DraftFile = { key: string; Format: string; FileName: string; SizeBytes: number } & (
  { Id: number } | { UploadId: number }
);

function TemplateDialog({
  template,
  categories,
  defaultCategoryId,
  onClose,
  onSaved,
}: {
  template: StaffTemplate | 'new' | null;
  categories: readonly StaffTemplateCategory[];
  defaultCategoryId: number | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TemplateForm>();
  const [cover, setCover] = useState<EditorImage | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [files, setFiles] = useState<DraftFile[] | null>(null);
  const [uploading, setUploading] = useState(0);
  const current = template && template !== 'new' ? template : null;
  const draftFiles: DraftFile[] =
    files ?? (current?.Files ?? []).map((file) => ({ key: `f${file.Id}`, ...file }));
  const reset = () => {
    setCover(null);
    setFiles(null);
  };
  const { mutation, conflict, clearConflict } = useRevisionSave({
    save: (values: TemplateForm) =>
      staffCall(staffCalls.SaveTemplate, {
        CategoryId: values.CategoryId,
        Title: values.Title,
        ProductId: values.ProductId ?? null,
        FinishedWidthMm: values.FinishedWidthMm,
        FinishedHeightMm: values.FinishedHeightMm,
        BleedMm: values.BleedMm ?? 0,
        Files: draftFiles.map((file) => ('Id' in file ? { Id: file.Id } : { UploadId: file.UploadId })),
        SerialNumber: values.SerialNumber ?? 0,
        IsActive: values.IsActive,
        ...(cover ? { ImageId: cover.Id } : {}),
        ...(current ? { Id: current.Id, Revision: current.Revision } : {}),
      }),
    savedMessage: '模板已保存，模板中心刷新后即可看到',
    onSaved: () => {
      reset();
      onSaved();
    },
  });
  const upload = async (file: File) => {
    if (file.size > TEMPLATE_FILE_MAX_BYTES) {
      void message.error(`「${file.name}」超过 ${TEMPLATE_FILE_MAX_BYTES / 1024 / 1024} MB，不能上传`);
      return;
    }
    setUploading((count) => count + 1);
    try {
      const body = new FormData();
      body.append('file', file, file.name);
      const uploaded = await staffUpload(staffCalls.UploadTemplateFile, body);
      setFiles((list) => [...(list ?? draftFiles), { key: `u${uploaded.UploadId}`, ...uploaded }]);
    } catch (error) {
      void message.error(errorMessage(error));
    } finally {
      setUploading((count) => count - 1);
    }
  };
  const preview = cover?.Url ?? current?.Preview?.Url;

  return (
    <Modal
      title={current ? '编辑模板' : '新建模板'}
      open={template !== null}
      width={760}
      onCancel={() => {
        reset();
        clearConflict();
        onClose();
      }}
      onOk={() => form.submit()}
      okText="保存"
      okButtonProps={{ disabled: uploading > 0 }}
      confirmLoading={mutation.isPending}
      destroyOnHidden
    >
      <ConflictAlert conflict={conflict} what="这个模板" />
      <Form<TemplateForm>
        form={form}
        layout="vertical"
        clearOnDestroy
        initialValues={
          current
            ? {
                CategoryId: current.CategoryId,
                Title: current.Title,
                ProductId: current.ProductId,
                FinishedWidthMm: current.FinishedWidthMm,
                FinishedHeightMm: current.FinishedHeightMm,
                BleedMm: current.BleedMm,
                SerialNumber: current.SerialNumber,
                IsActive: current.IsActive,
              }
            : {
                CategoryId: defaultCategoryId,
                Title: '',
                ProductId: null,
                BleedMm: 3,
                SerialNumber: 0,
                IsActive: true,
              }
        }
        onFinish={(values) => mutation.mutate(values)}
      >
        <Space wrap align="start">
          <Form.Item name="CategoryId" label="分类" rules={[{ required: true, message: '请选择分类' }]}>
            <Select
              style={{ width: 180 }}
              options={categories.map((category) => ({ value: category.Id, label: category.Title }))}
            />
          </Form.Item>
          <Form.Item
            name="Title"
            label="模板标题"
            rules={[{ required: true, whitespace: true, message: '请填写模板标题' }]}
          >
            <Input style={{ width: 320 }} maxLength={100} />
          </Form.Item>
        </Space>
        <Form.Item label="封面图" required extra="从服务器图片中选择，或在选择框中上传">
          <Space align="start">
            {preview ? (
              <img
                src={preview}
                alt="模板封面"
                style={{ width: 160, maxHeight: 120, objectFit: 'contain', display: 'block' }}
              />
            ) : (
              <Typography.Text type="secondary">未选择封面图</Typography.Text>
            )}
            <Button onClick={() => setPickerOpen(true)}>{preview ? '更换封面图' : '选择封面图'}</Button>
          </Space>
        </Form.Item>
        <Space wrap align="start">
          <Form.Item
            name="FinishedWidthMm"
            label="成品宽（mm）"
            rules={[{ required: true, message: '请填写成品宽' }]}
          >
            <InputNumber min={1} max={5000} precision={1} />
          </Form.Item>
          <Form.Item
            name="FinishedHeightMm"
            label="成品高（mm）"
            rules={[{ required: true, message: '请填写成品高' }]}
          >
            <InputNumber min={1} max={5000} precision={1} />
          </Form.Item>
          <Form.Item name="BleedMm" label="出血（mm）">
            <InputNumber min={0} max={20} precision={1} />
          </Form.Item>
          <Form.Item name="ProductId" label="对应商品编号" extra="可不填">
            <InputNumber min={1} precision={0} style={{ width: 140 }} />
          </Form.Item>
        </Space>
        <Form.Item label="模板文件" extra="PDF、AI、CDR 或 PSD，每个不超过 50 MB">
          <Space direction="vertical" style={{ width: '100%' }}>
            {draftFiles.map((file) => (
              <Space key={file.key}>
                <Tag>{file.Format}</Tag>
                <span>{file.FileName}</span>
                <Typography.Text type="secondary">{sizeText(file.SizeBytes)}</Typography.Text>
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => setFiles(draftFiles.filter((entry) => entry.key !== file.key))}
                >
                  移除
                </Button>
              </Space>
            ))}
            <Upload
              accept=".pdf,.ai,.cdr,.psd"
              multiple
              showUploadList={false}
              beforeUpload={(file) => {
                void upload(file);
                return false;
              }}
            >
              <Button loading={uploading > 0}>上传文件</Button>
            </Upload>
          </Space>
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
          setCover(images[0] ?? null);
          setPickerOpen(false);
        }}
      />
    </Modal>
  );
}
