import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Input,
  InputNumber,
  List,
  Modal,
  Popconfirm,
  Row,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import {
  staffCalls,
  type SaveHelpCategoryBody,
  type StaffHelpArticleRef,
  type StaffHelpCategory,
} from '@inkstone/contracts';
import { errorMessage, staffCall } from '../../../lib/staff-api.ts';
import { HELP_CENTRE_KEY } from './help-keys.ts';
import { HelpArticleEditor } from './help-article-editor.tsx';

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('zh-CN', {
    hour12: false,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });

/**
 * 网站 › 帮助中心: the categories (left), the selected category's articles (right), and the article
 * editor (`?article=<id>`, or `?article=new&category=<id>`) in their place. What is saved shows on
 * the customer's help pages at their next visit; a save over another member's is refused.
 */
export default function HelpCentreTab() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [editingCategory, setEditingCategory] = useState<StaffHelpCategory | 'new' | null>(null);
  const centre = useQuery({ queryKey: HELP_CENTRE_KEY, queryFn: () => staffCall(staffCalls.HelpCentre, {}) });

  const categories = centre.data?.Categories ?? [];
  const chosenId = Number(params.get('category')) || categories[0]?.Id;
  const chosen = categories.find((category) => category.Id === chosenId);
  const articles = (centre.data?.Articles ?? []).filter((article) => article.CategoryId === chosen?.Id);
  const refresh = () => queryClient.invalidateQueries({ queryKey: HELP_CENTRE_KEY });

  const removeArticle = useMutation({
    mutationFn: (article: StaffHelpArticleRef) =>
      staffCall(staffCalls.DeleteHelpArticle, { Id: article.Id, Revision: article.Revision }),
    onSuccess: () => void message.success('删除成功'),
    onError: (error) => void message.error(errorMessage(error)),
    onSettled: () => void refresh(),
  });
  const removeCategory = useMutation({
    mutationFn: (category: StaffHelpCategory) =>
      staffCall(staffCalls.DeleteHelpCategory, { Id: category.Id, Revision: category.Revision }),
    onSuccess: () => {
      void message.success('删除成功');
      setParams({});
    },
    onError: (error) => void message.error(errorMessage(error)),
    onSettled: () => void refresh(),
  });

  const article = params.get('article');
  if (article) {
    return (
      <HelpArticleEditor
        articleId={article === 'new' ? null : Number(article)}
        categories={categories}
        defaultCategoryId={chosen?.Id}
        onClose={() => setParams(chosen ? { category: String(chosen.Id) } : {})}
      />
    );
  }

  return (
    <>
      {centre.error ? <Alert type="error" showIcon title={errorMessage(centre.error)} /> : null}
      <Row gutter={16}>
        <Col xs={24} md={8} lg={7}>
          <Card
            title="帮助分类"
            loading={centre.isLoading}
            extra={
              <Button size="small" onClick={() => setEditingCategory('new')}>
                新建分类
              </Button>
            }
          >
            <List
              dataSource={categories}
              locale={{ emptyText: '还没有分类' }}
              renderItem={(category) => (
                <List.Item
                  onClick={() => setParams({ category: String(category.Id) })}
                  style={{
                    cursor: 'pointer',
                    paddingInline: 8,
                    background: category.Id === chosen?.Id ? '#e6f4ff' : undefined,
                    borderRadius: 6,
                  }}
                  actions={[
                    <Button
                      key="edit"
                      type="link"
                      size="small"
                      onClick={(event) => {
                        event.stopPropagation();
                        setEditingCategory(category);
                      }}
                    >
                      重命名
                    </Button>,
                  ]}
                >
                  <Space>
                    <span>{category.Title}</span>
                    <Typography.Text type="secondary">{category.ArticleCount} 篇</Typography.Text>
                    {category.Key === 'about' ? <Tag>关于页面</Tag> : null}
                  </Space>
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} md={16} lg={17}>
          <Card
            title={chosen ? `「${chosen.Title}」的文章` : '文章'}
            loading={centre.isLoading}
            extra={
              chosen ? (
                <Space>
                  <Popconfirm
                    title="确定要删除吗?"
                    description={`删除分类「${chosen.Title}」（分类下须没有文章）`}
                    onConfirm={() => removeCategory.mutate(chosen)}
                  >
                    <Button size="small" danger disabled={chosen.Key !== '' || chosen.ArticleCount > 0}>
                      删除分类
                    </Button>
                  </Popconfirm>
                  <Button
                    type="primary"
                    size="small"
                    onClick={() => setParams({ category: String(chosen.Id), article: 'new' })}
                  >
                    新建文章
                  </Button>
                </Space>
              ) : null
            }
          >
            {chosen ? (
              <Table<StaffHelpArticleRef>
                rowKey="Id"
                size="middle"
                dataSource={articles}
                pagination={false}
                locale={{ emptyText: '这个分类还没有文章' }}
                columns={[
                  { title: '标题', dataIndex: 'Title' },
                  {
                    title: '状态',
                    dataIndex: 'IsPublished',
                    width: 90,
                    render: (published: boolean) =>
                      published ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>,
                  },
                  { title: '排序', dataIndex: 'SerialNumber', width: 70 },
                  { title: '最后保存', dataIndex: 'UpdatedAt', width: 170, render: dateTime },
                  {
                    title: '操作',
                    key: 'actions',
                    width: 130,
                    render: (_value, row) => (
                      <Space size={0}>
                        <Button
                          type="link"
                          size="small"
                          onClick={() =>
                            setParams({ category: String(row.CategoryId), article: String(row.Id) })
                          }
                        >
                          编辑
                        </Button>
                        <Popconfirm
                          title="确定要删除吗?"
                          description={`删除文章「${row.Title}」`}
                          onConfirm={() => removeArticle.mutate(row)}
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
            ) : (
              <Empty description="请先新建一个分类" />
            )}
          </Card>
        </Col>
      </Row>
      <CategoryDialog
        category={editingCategory}
        onClose={() => setEditingCategory(null)}
        onSaved={(saved) => {
          setEditingCategory(null);
          void refresh();
          setParams({ category: String(saved.Id) });
        }}
      />
    </>
  );
}

/** 新建分类 / 重命名: the title and the order, saved with the revision the category was read at. */
function CategoryDialog({
  category,
  onClose,
  onSaved,
}: {
  category: StaffHelpCategory | 'new' | null;
  onClose: () => void;
  onSaved: (saved: StaffHelpCategory) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<SaveHelpCategoryBody>();
  const save = useMutation({
    mutationFn: (values: SaveHelpCategoryBody) =>
      staffCall(
        staffCalls.SaveHelpCategory,
        category && category !== 'new' ? { ...values, Id: category.Id, Revision: category.Revision } : values,
      ),
    onSuccess: (saved) => {
      void message.success('帮助分类已保存');
      onSaved(saved);
    },
    onError: (error) => void message.error(errorMessage(error)),
  });
  return (
    <Modal
      title={category === 'new' ? '新建分类' : '修改分类'}
      open={category !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保存"
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<SaveHelpCategoryBody>
        form={form}
        layout="vertical"
        clearOnDestroy
        initialValues={
          category && category !== 'new'
            ? { Title: category.Title, SerialNumber: category.SerialNumber }
            : { Title: '', SerialNumber: 0 }
        }
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="Title"
          label="分类名称"
          rules={[{ required: true, whitespace: true, message: '请填写分类名称' }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="SerialNumber" label="排序" extra="小的在前">
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
