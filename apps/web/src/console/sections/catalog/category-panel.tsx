import { useEffect, useState } from 'react';
import { App, Button, Card, Empty, Form, Input, List, Modal, Space, Tree, Typography } from 'antd';
import type { TreeProps } from 'antd';
import {
  addCategory,
  categoryTree,
  draftCategories,
  duplicateProduct,
  removeCategory,
  removeProduct,
  moveCategory,
  moveCategoryFirst,
  productsOf,
  updateCategory,
  type CatalogDraft,
  type CategoryTreeItem,
} from './catalog-draft.ts';
import { NewProductDialog } from './new-product-dialog.tsx';

function toTreeData(items: CategoryTreeItem[]): NonNullable<TreeProps['treeData']> {
  return items.map((item) => ({
    key: item.key,
    title: item.icon ? `${item.title}（${item.icon}）` : item.title,
    children: toTreeData(item.children),
  }));
}

/** The chosen category's title and icon. */
function CategoryForm({
  draft,
  categoryId,
  onChange,
}: {
  draft: CatalogDraft;
  categoryId: number;
  onChange: (draft: CatalogDraft) => void;
}) {
  const [form] = Form.useForm<{ Title: string; Icon: string }>();
  const node = draftCategories(draft).find((entry) => entry.Id === categoryId);
  useEffect(() => {
    if (node) form.setFieldsValue({ Title: node.Title, Icon: node.Icon });
    // The form follows the chosen category, not each keystroke it sends to the draft.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [categoryId, form]);
  if (!node) return null;
  return (
    <Form
      form={form}
      layout="vertical"
      size="small"
      onValuesChange={(_, values) =>
        onChange(updateCategory(draft, categoryId, { Title: values.Title ?? '', Icon: values.Icon ?? '' }))
      }
    >
      <Form.Item name="Title" label="分类名称">
        <Input maxLength={60} aria-label="分类名称" />
      </Form.Item>
      <Form.Item name="Icon" label="图标" extra="图标名或图标地址，原样交给网站">
        <Input maxLength={500} aria-label="分类图标" />
      </Form.Item>
    </Form>
  );
}

/** 新建分类 / 新建子分类: asks for the name; the draft step says why it refuses, in the dialog. */
function NewCategoryDialog({
  parent,
  draft,
  firstFreeId,
  onClose,
  onAdded,
}: {
  parent: { id: number; title: string } | null;
  draft: CatalogDraft;
  firstFreeId: number;
  onClose: () => void;
  onAdded: (draft: CatalogDraft, id: number) => void;
}) {
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState('');
  const close = () => {
    setTitle('');
    setProblem('');
    onClose();
  };
  const submit = () => {
    const result = addCategory(draft, parent?.id ?? 0, title, firstFreeId);
    if (!result.ok) return setProblem(result.message);
    close();
    onAdded(result.draft, result.id);
  };
  return (
    <Modal
      open
      title={parent && parent.id !== 0 ? `在「${parent.title}」下新建子分类` : '新建一级分类'}
      okText="添加到草稿"
      cancelText="取消"
      onOk={submit}
      onCancel={close}
    >
      <Input
        autoFocus
        maxLength={60}
        aria-label="新分类名称"
        placeholder="分类名称"
        value={title}
        status={problem ? 'error' : undefined}
        onChange={(event) => setTitle(event.target.value)}
        onPressEnter={submit}
      />
      {problem ? (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      ) : null}
    </Modal>
  );
}

/**
 * 分类: the category tree in the site's order, dragged to reorder within a parent; the chosen
 * category's title and icon; and its products, one of which the editor opens.
 */
export function CategoryPanel({
  draft,
  categoryId,
  productId,
  onDraftChange,
  onSelectCategory,
  onSelectProduct,
  papers,
  freeIds,
}: {
  draft: CatalogDraft;
  /** The first ids no version used (CatalogEditor): new products and categories start there. */
  freeIds: { product: number; category: number };
  categoryId: number | null;
  productId: number | null;
  onDraftChange: (draft: CatalogDraft) => void;
  onSelectCategory: (id: number | null) => void;
  onSelectProduct: (id: number | null) => void;
  papers: { value: string; label: string }[];
}) {
  const { message, modal } = App.useApp();
  const [newCategoryParent, setNewCategoryParent] = useState<{ id: number; title: string } | null>(null);
  const [isAddingProduct, setAddingProduct] = useState(false);
  const tree = categoryTree(draft);
  const nodes = draftCategories(draft);
  const parentOf = (id: number) => nodes.find((node) => node.Id === id)?.ParentId;

  // The tree says "first under a parent" as a drop into the parent, and "before a sibling" as a
  // drop after the sibling above it (before only for the very first node of the tree).
  const onDrop: TreeProps['onDrop'] = (info) => {
    const movedId = Number(info.dragNode.key);
    const targetId = Number(info.node.key);
    if (!info.dropToGap) {
      if (parentOf(movedId) === targetId) onDraftChange(moveCategoryFirst(draft, movedId));
      return;
    }
    if (parentOf(movedId) !== parentOf(targetId)) return;
    const place = info.dropPosition - Number(info.node.pos.split('-').pop());
    onDraftChange(moveCategory(draft, movedId, targetId, place < 0 ? 'before' : 'after'));
  };

  const products = categoryId === null ? [] : productsOf(draft, categoryId);
  const chosen = nodes.find((node) => node.Id === categoryId);
  const isLeaf = chosen !== undefined && !nodes.some((node) => node.ParentId === chosen.Id);

  const deleteCategory = () => {
    if (!chosen) return;
    const result = removeCategory(draft, chosen.Id);
    if (!result.ok) return void message.error(result.message);
    modal.confirm({
      title: `删除分类「${chosen.Title}」？`,
      content: '发布新版本后客户网站不再显示它。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => {
        onDraftChange(result.draft);
        onSelectCategory(null);
      },
    });
  };

  const copyProduct = (id: number) => {
    const result = duplicateProduct(draft, id, freeIds.product);
    if (!result.ok) return void message.error(result.message);
    onDraftChange(result.draft);
    onSelectProduct(result.id);
  };

  const deleteProduct = (id: number, title: string) => {
    modal.confirm({
      title: `删除商品「${title}」？`,
      content: '发布新版本后客户网站不再显示它；已下的订单保留下单时的内容。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => {
        const result = removeProduct(draft, id);
        if (!result.ok) return void message.error(result.message);
        onDraftChange(result.draft);
        if (id === productId) onSelectProduct(null);
      },
    });
  };

  return (
    <Card
      size="small"
      title="分类"
      extra={<Typography.Text type="secondary">拖动可在同级内排序</Typography.Text>}
    >
      <Space wrap size="small" style={{ marginBottom: 8 }}>
        <Button size="small" onClick={() => setNewCategoryParent({ id: 0, title: '' })}>
          新建分类
        </Button>
        <Button
          size="small"
          disabled={!chosen}
          onClick={() => chosen && setNewCategoryParent({ id: chosen.Id, title: chosen.Title })}
        >
          新建子分类
        </Button>
        <Button size="small" danger disabled={!chosen} onClick={deleteCategory}>
          删除
        </Button>
      </Space>
      <Tree
        // Drawn again when categories come or go, so a new one shows expanded under its parent.
        key={nodes.length}
        aria-label="商品分类"
        blockNode
        defaultExpandAll
        draggable={{ icon: false }}
        allowDrop={({ dragNode, dropNode, dropPosition }) =>
          dropPosition === 0
            ? parentOf(Number(dragNode.key)) === Number(dropNode.key)
            : parentOf(Number(dragNode.key)) === parentOf(Number(dropNode.key))
        }
        treeData={toTreeData(tree)}
        selectedKeys={categoryId === null ? [] : [categoryId]}
        onSelect={(keys) => {
          if (keys[0] !== undefined) onSelectCategory(Number(keys[0]));
        }}
        onDrop={onDrop}
      />
      {categoryId !== null ? (
        <div style={{ marginTop: 16 }}>
          <CategoryForm key={categoryId} draft={draft} categoryId={categoryId} onChange={onDraftChange} />
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <Typography.Text strong>此分类的商品</Typography.Text>
            {isLeaf ? (
              <Button size="small" type="primary" ghost onClick={() => setAddingProduct(true)}>
                新建商品
              </Button>
            ) : null}
          </Space>
          {products.length === 0 ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={isLeaf ? '没有商品' : '没有商品（有下级分类的分类不放商品）'}
            />
          ) : (
            <List
              size="small"
              dataSource={products}
              renderItem={(product) => (
                <List.Item
                  style={{
                    cursor: 'pointer',
                    fontWeight: product.Id === productId ? 600 : undefined,
                  }}
                  onClick={() => onSelectProduct(product.Id)}
                  actions={[
                    <Button
                      key="copy"
                      type="link"
                      size="small"
                      aria-label={`复制商品「${product.Title}」`}
                      onClick={(event) => {
                        event.stopPropagation();
                        copyProduct(product.Id);
                      }}
                    >
                      复制
                    </Button>,
                    <Button
                      key="delete"
                      type="link"
                      size="small"
                      danger
                      aria-label={`删除商品「${product.Title}」`}
                      onClick={(event) => {
                        event.stopPropagation();
                        deleteProduct(product.Id, product.Title);
                      }}
                    >
                      删除
                    </Button>,
                  ]}
                >
                  <a role="button" aria-current={product.Id === productId ? 'true' : undefined}>
                    {product.Title}
                  </a>
                </List.Item>
              )}
            />
          )}
        </div>
      ) : null}
      {newCategoryParent ? (
        <NewCategoryDialog
          parent={newCategoryParent}
          draft={draft}
          firstFreeId={freeIds.category}
          onClose={() => setNewCategoryParent(null)}
          onAdded={(next, id) => {
            onDraftChange(next);
            onSelectCategory(id);
          }}
        />
      ) : null}
      {categoryId !== null && isLeaf ? (
        <NewProductDialog
          open={isAddingProduct}
          draft={draft}
          firstFreeId={freeIds.product}
          categoryId={categoryId}
          papers={papers}
          onClose={() => setAddingProduct(false)}
          onAdded={(next, id) => {
            setAddingProduct(false);
            onDraftChange(next);
            onSelectProduct(id);
          }}
        />
      ) : null}
    </Card>
  );
}
