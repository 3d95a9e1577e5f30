import { useEffect } from 'react';
import { Card, Empty, Form, Input, List, Tree, Typography } from 'antd';
import type { TreeProps } from 'antd';
import {
  categoryTree,
  draftCategories,
  moveCategory,
  moveCategoryFirst,
  productsOf,
  updateCategory,
  type CatalogDraft,
  type CategoryTreeItem,
} from './catalog-draft.ts';

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
}: {
  draft: CatalogDraft;
  categoryId: number | null;
  productId: number | null;
  onDraftChange: (draft: CatalogDraft) => void;
  onSelectCategory: (id: number) => void;
  onSelectProduct: (id: number) => void;
}) {
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
  return (
    <Card
      size="small"
      title="分类"
      extra={<Typography.Text type="secondary">拖动可在同级内排序</Typography.Text>}
    >
      <Tree
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
          <Typography.Text strong>此分类的商品</Typography.Text>
          {products.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有商品（有下级分类的分类不放商品）" />
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
    </Card>
  );
}
