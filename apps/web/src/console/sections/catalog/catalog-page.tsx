import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  App,
  Badge,
  Button,
  Card,
  Col,
  Drawer,
  Empty,
  Row,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useBlocker } from 'react-router';
import { ApiCode, staffCalls, type CatalogEditor, type PublishCatalogResult } from '@inkstone/contracts';
import { StaffApiError, errorMessage, staffCall, staffFile } from '../../lib/staff-api.ts';
import { CategoryPanel } from './category-panel.tsx';
import {
  checkDraft,
  compileDraftProduct,
  draftProducts,
  replaceProduct,
  type CatalogDraft,
  type DraftProduct,
} from './catalog-draft.ts';
import { ProductEditor } from './product-editor.tsx';
import { QuotePreview } from './quote-preview.tsx';

const EDITOR_KEY = ['console', 'catalog-editor'] as const;

const dateTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }) : '—';

/** Hands a downloaded file to the browser to save under `fileName`. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Asks before leaving the page (in the console or the browser) with a draft not yet published. */
function useUnsavedWarning(isDirty: boolean) {
  const { modal } = App.useApp();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: '有尚未发布的修改',
      content: '离开后这些修改将丢失。确定离开吗？',
      okText: '离开',
      cancelText: '留下继续编辑',
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal]);
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);
}

/**
 * 商品与价格 (docs/console.md): the catalogue as a draft kept in the page — category tree, products,
 * each product's sizes, papers, colours, technologies, 一口价 tables and 报价 rules — with the
 * customer site's price engine quoting the draft beside the form. 发布新版本 sends the whole
 * draft with the version it was read at (PublishCatalog); another member's publish in between
 * refuses it with the server's message. 导入 / 导出 the catalogue file, 版本记录.
 */
export function Component() {
  const { message, modal } = App.useApp();
  const editor = useQuery({ queryKey: EDITOR_KEY, queryFn: () => staffCall(staffCalls.CatalogEditor, {}) });
  const [base, setBase] = useState<CatalogEditor | null>(null);
  const [draft, setDraft] = useState<CatalogDraft | null>(null);
  /** Bumped when the draft is replaced from outside the forms (read again, published, JSON). */
  const [generation, setGeneration] = useState(0);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [productId, setProductId] = useState<number | null>(null);
  const [conflict, setConflict] = useState('');
  const [refusal, setRefusal] = useState('');
  const [isBusy, setBusy] = useState(false);
  const [showVersions, setShowVersions] = useState(false);

  const adopt = (data: CatalogEditor) => {
    setBase(data);
    setDraft(data.Catalog);
    setGeneration((value) => value + 1);
  };

  useEffect(() => {
    if (editor.data && !base) adopt(editor.data);
  }, [editor.data, base]);

  const isDirty = draft !== null && base !== null && draft !== base.Catalog;
  useUnsavedWarning(isDirty);

  const check = useMemo(() => (draft ? checkDraft(draft) : null), [draft]);
  const compiled = useMemo(() => {
    if (!check?.ok || productId === null) return undefined;
    try {
      return compileDraftProduct(check.catalog, productId);
    } catch {
      return undefined;
    }
  }, [check, productId]);

  const product =
    draft && productId !== null ? draftProducts(draft).find((entry) => entry.Id === productId) : undefined;
  const papers = useMemo(
    () =>
      (Array.isArray(draft?.Papers) ? (draft.Papers as { Id: string; Name: string }[]) : []).map((paper) => ({
        value: paper.Id,
        label: paper.Name,
      })),
    [draft],
  );

  const reload = async () => {
    setConflict('');
    setRefusal('');
    const fresh = await editor.refetch();
    if (fresh.data) adopt(fresh.data);
  };

  const published = (result: PublishCatalogResult, what: string) => {
    setConflict('');
    setRefusal('');
    adopt(result);
    void message.success(
      result.IsUnchanged
        ? '与当前版本相同，未新增版本'
        : `${what}第 ${result.Version} 版，客户网站已按新价格报价`,
    );
  };

  const failed = (error: unknown) => {
    if (error instanceof StaffApiError && error.apiCode === ApiCode.EditConflict) setConflict(error.message);
    else if (error instanceof StaffApiError && error.apiCode === ApiCode.CatalogInvalid)
      setRefusal(error.message);
    else void message.error(errorMessage(error));
  };

  const publish = () => {
    if (!draft || !base) return;
    modal.confirm({
      title: `发布为第 ${base.Version + 1} 版？`,
      content: '发布后客户网站立即按新内容报价；已下的订单保留下单时的版本和价格。',
      okText: '发布',
      cancelText: '取消',
      onOk: async () => {
        setBusy(true);
        try {
          published(
            await staffCall(staffCalls.PublishCatalog, { BaseVersion: base.Version, Catalog: draft }),
            '已发布',
          );
        } catch (error) {
          failed(error);
        } finally {
          setBusy(false);
        }
      },
    });
  };

  const importFile = (file: File) => {
    if (!base) return false;
    modal.confirm({
      title: `导入「${file.name}」并发布为第 ${base.Version + 1} 版？`,
      content: isDirty
        ? '页面上尚未发布的修改将被导入的文件取代。'
        : '文件经过与发布相同的校验，原样保存；客户网站立即按新内容报价。',
      okText: '导入',
      cancelText: '取消',
      onOk: async () => {
        setBusy(true);
        try {
          const content = await file.text();
          published(
            await staffCall(staffCalls.ImportCatalog, { BaseVersion: base.Version, Content: content }),
            '已导入为',
          );
        } catch (error) {
          failed(error);
        } finally {
          setBusy(false);
        }
      },
    });
    return false;
  };

  const exportVersion = async (version?: number) => {
    try {
      const file = await staffFile(
        staffCalls.ExportCatalog,
        version === undefined ? {} : { Version: version },
      );
      saveFile(file.blob, file.fileName || 'catalog.json');
    } catch (error) {
      void message.error(errorMessage(error));
    }
  };

  const changeProduct = (next: DraftProduct) => {
    if (draft && productId !== null) setDraft(replaceProduct(draft, productId, next));
  };

  if (editor.error && !base) return <Alert type="error" showIcon title={errorMessage(editor.error)} />;
  if (!base || !draft) {
    if (base && !draft) {
      return (
        <Card title="商品与价格">
          <Empty description="还没有商品目录：请导入目录文件">
            <Upload accept=".json,application/json" showUploadList={false} beforeUpload={importFile}>
              <Button type="primary">导入目录文件</Button>
            </Upload>
          </Empty>
        </Card>
      );
    }
    return <Skeleton active />;
  }

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space wrap>
            <Typography.Text strong>商品与价格</Typography.Text>
            <Tag color="blue" data-testid="catalog-version">
              当前第 {base.Version} 版
            </Tag>
            <Typography.Text type="secondary">
              {dateTime(base.PublishedAt)}{' '}
              {base.PublishedBy ? `由 ${base.PublishedBy} 发布` : '（命令行导入）'}
            </Typography.Text>
            {isDirty ? <Badge status="warning" text="有尚未发布的修改" /> : null}
          </Space>
          <Space wrap>
            <Button onClick={() => setShowVersions(true)}>版本记录</Button>
            <Button onClick={() => void exportVersion()}>导出</Button>
            <Upload accept=".json,application/json" showUploadList={false} beforeUpload={importFile}>
              <Button>导入</Button>
            </Upload>
            <Button
              disabled={!isDirty}
              onClick={() =>
                modal.confirm({
                  title: '放弃尚未发布的修改？',
                  okText: '放弃修改',
                  cancelText: '取消',
                  onOk: () => adopt(base),
                })
              }
            >
              放弃修改
            </Button>
            <Button type="primary" disabled={!isDirty || !check?.ok} loading={isBusy} onClick={publish}>
              发布新版本
            </Button>
          </Space>
        </Space>
      </Card>
      {conflict ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={conflict}
          description="其他员工已发布了新版本，您这次的修改没有发布。重新读取后会显示最新版本，请在此基础上再修改。"
          action={
            <Button size="small" onClick={() => void reload()}>
              重新读取
            </Button>
          }
        />
      ) : null}
      {refusal ? (
        <Alert type="error" showIcon role="alert" title={refusal} closable onClose={() => setRefusal('')} />
      ) : null}
      {check && !check.ok ? (
        <Alert
          type="error"
          showIcon
          title={`草稿有 ${check.issues.length} 处错误，改正后才能发布（预览暂停）`}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {check.issues.slice(0, 10).map((issue) => (
                <li key={`${issue.path}:${issue.message}`}>
                  <Typography.Text code>{issue.path}</Typography.Text> {issue.message}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
      <Row gutter={16} align="top">
        <Col xs={24} lg={6}>
          <CategoryPanel
            draft={draft}
            freeIds={{ product: base.NextProductId, category: base.NextCategoryId }}
            categoryId={categoryId}
            productId={productId}
            onDraftChange={setDraft}
            onSelectCategory={setCategoryId}
            onSelectProduct={setProductId}
            papers={papers}
          />
        </Col>
        <Col xs={24} lg={11}>
          {product ? (
            <ProductEditor
              key={`${productId}:${generation}`}
              product={product}
              papers={papers}
              onChange={changeProduct}
              onReplace={(next) => {
                changeProduct(next);
                setGeneration((value) => value + 1);
              }}
            />
          ) : (
            <Card size="small">
              <Empty description="在左侧选择分类，再选择要编辑的商品" />
            </Card>
          )}
        </Col>
        <Col xs={24} lg={7}>
          <div style={{ position: 'sticky', top: 16 }}>
            <QuotePreview product={compiled} />
          </div>
        </Col>
      </Row>
      <Drawer title="版本记录" open={showVersions} onClose={() => setShowVersions(false)} size="large">
        <Table
          size="small"
          rowKey="Version"
          pagination={{ pageSize: 20 }}
          dataSource={base.Versions}
          columns={[
            { title: '版本', dataIndex: 'Version', render: (version: number) => `第 ${version} 版` },
            { title: '发布时间', dataIndex: 'PublishedAt', render: (iso: string) => dateTime(iso) },
            {
              title: '发布人',
              dataIndex: 'PublishedBy',
              render: (name: string) =>
                name || <Typography.Text type="secondary">命令行导入</Typography.Text>,
            },
            {
              title: '',
              key: 'export',
              render: (_: unknown, row: { Version: number }) => (
                <Button type="link" size="small" onClick={() => void exportVersion(row.Version)}>
                  导出
                </Button>
              ),
            },
          ]}
        />
        <Typography.Paragraph type="secondary">
          每次发布或导入新增一个版本，旧版本都保留；订单按下单时的版本计价。要回到旧版本，导出它再导入。
        </Typography.Paragraph>
      </Drawer>
    </Space>
  );
}
