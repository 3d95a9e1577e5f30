import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Card, Form, Input, InputNumber, Select, Skeleton, Space, Switch } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiCode,
  staffCalls,
  type SaveHelpArticleBody,
  type StaffHelpArticle,
  type StaffHelpCategory,
} from '@inkstone/contracts';
import { StaffApiError, errorMessage, staffCall } from '../../../lib/staff-api.ts';
import { HELP_CENTRE_KEY, helpArticleKey } from './help-keys.ts';

// wangEditor is loaded with the editor, not with the console (its first pages stay small).
const RichTextEditor = lazy(() => import('../../../components/rich-text-editor.tsx'));

type ArticleFields = Omit<SaveHelpArticleBody, 'Html' | 'Id' | 'Revision'>;

/**
 * One help article: title, category, order, 发布, and the body in the rich-text editor. Saved
 * with the revision it was read at; when another member saved in between nothing is written and
 * the server's message is shown with 重新读取.
 */
export function HelpArticleEditor({
  articleId,
  categories,
  defaultCategoryId,
  onClose,
}: {
  articleId: number | null;
  categories: StaffHelpCategory[];
  defaultCategoryId: number | undefined;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ArticleFields>();
  const [conflict, setConflict] = useState('');
  const [editorKey, setEditorKey] = useState(0);
  const html = useRef('');
  const [current, setCurrent] = useState<StaffHelpArticle | null>(null);

  const detail = useQuery({
    queryKey: helpArticleKey(articleId ?? 0),
    queryFn: () => staffCall(staffCalls.HelpArticleDetail, { Id: articleId! }),
    enabled: articleId !== null,
    staleTime: 0,
    gcTime: 0,
  });

  const load = (article: StaffHelpArticle) => {
    setCurrent(article);
    html.current = article.Html;
    form.setFieldsValue({
      Title: article.Title,
      CategoryId: article.CategoryId,
      SerialNumber: article.SerialNumber,
      IsPublished: article.IsPublished,
    });
    setEditorKey((key) => key + 1);
  };

  useEffect(() => {
    if (detail.data) load(detail.data);
    // Only a newly read article replaces what is in the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [detail.data]);

  const save = useMutation({
    mutationFn: (fields: ArticleFields) =>
      staffCall(staffCalls.SaveHelpArticle, {
        ...fields,
        Html: html.current,
        ...(current ? { Id: current.Id, Revision: current.Revision } : {}),
      }),
    onSuccess: (saved) => {
      setConflict('');
      void message.success('文章已保存，顾客刷新帮助页面即可看到');
      void queryClient.invalidateQueries({ queryKey: HELP_CENTRE_KEY });
      // A new article is edited from here on with its id and revision.
      setCurrent(saved);
    },
    onError: (error) => {
      if (error instanceof StaffApiError && error.apiCode === ApiCode.EditConflict) {
        setConflict(error.message);
        return;
      }
      void message.error(errorMessage(error));
    },
  });

  const reload = async () => {
    setConflict('');
    const fresh = await detail.refetch();
    if (fresh.data) load(fresh.data);
  };

  const isLoading = articleId !== null && !current && !detail.error;

  return (
    <Card
      title={articleId === null && !current ? '新建帮助文章' : '编辑帮助文章'}
      extra={<Button onClick={onClose}>返回列表</Button>}
    >
      {detail.error ? <Alert type="error" showIcon title={errorMessage(detail.error)} /> : null}
      {conflict ? (
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
      ) : null}
      {isLoading ? <Skeleton active /> : null}
      <Form<ArticleFields>
        form={form}
        layout="vertical"
        style={{ display: isLoading ? 'none' : undefined }}
        initialValues={{ CategoryId: defaultCategoryId, SerialNumber: 0, IsPublished: true, Title: '' }}
        onFinish={(fields) => save.mutate(fields)}
      >
        <Space wrap size="large" align="start">
          <Form.Item
            name="Title"
            label="标题"
            rules={[{ required: true, whitespace: true, message: '请填写文章标题' }]}
            style={{ width: 420 }}
          >
            <Input maxLength={100} showCount />
          </Form.Item>
          <Form.Item name="CategoryId" label="分类" rules={[{ required: true, message: '请选择分类' }]}>
            <Select
              style={{ width: 200 }}
              options={categories.map((category) => ({ value: category.Id, label: category.Title }))}
            />
          </Form.Item>
          <Form.Item name="SerialNumber" label="排序" extra="小的在前">
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
          <Form.Item name="IsPublished" label="发布" valuePropName="checked" extra="未发布的文章顾客看不到">
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item label="正文" required>
          {isLoading ? null : (
            <Suspense fallback={<Skeleton active paragraph={{ rows: 10 }} />}>
              <RichTextEditor
                key={editorKey}
                value={html.current}
                onChange={(next) => {
                  html.current = next;
                }}
              />
            </Suspense>
          )}
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
          <Button onClick={onClose}>返回列表</Button>
        </Space>
      </Form>
    </Card>
  );
}
