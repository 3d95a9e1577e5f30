import { useState } from 'react';
import { Button, Empty, Skeleton } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { MAX_DELIVERY_ADDRESSES } from '@inkstone/contracts';
import type { DeliverGoodsAddress } from '@inkstone/contracts';
import { feedback } from '../../../lib/feedback.ts';
import { ExportExcelButton, ImportExcelButton } from '../../excel/index.ts';
import { useAddresses } from '../api/query-deliver-goods-address.ts';
import { useDeleteDeliverGoodsAddress } from '../api/delete-deliver-goods-address.ts';
import { useSetDefaultDeliverGoodsAddress } from '../api/set-default-deliver-goods-address.ts';
import { AddressCard } from './address-card.tsx';
import { AddressFormDialog } from './address-form-dialog.tsx';
import { AddressInput } from './address-input.tsx';
import './addresses.css';

export interface AddressBookProps {
  /** Cards can be chosen (checkout): a click selects, the chosen one is marked. */
  selectable?: boolean;
  selectedId?: number | null;
  onSelect?(address: DeliverGoodsAddress): void;
}

type Editing = { action: 'add' } | { action: 'edit'; address: DeliverGoodsAddress };

/**
 * The customer's delivery addresses (at most 50): paste a line and 自动识别, or add by hand; edit,
 * delete, set the default; optionally choose one. The default is listed first.
 */
export function AddressBook({ selectable = false, selectedId = null, onSelect }: AddressBookProps) {
  const addresses = useAddresses();
  const remove = useDeleteDeliverGoodsAddress();
  const setDefault = useSetDefaultDeliverGoodsAddress();
  const [editing, setEditing] = useState<Editing | null>(null);
  const list = addresses.data?.List ?? [];
  const isFull = list.length >= MAX_DELIVERY_ADDRESSES;

  const choose = (address: DeliverGoodsAddress) => {
    if (selectable) onSelect?.(address);
  };

  return (
    <section className="ink-address-book" aria-label="收货地址">
      <div className="ink-address-book__toolbar">
        <AddressInput mode="dialog" disabled={isFull} onSaved={choose} />
        <div className="ink-address-book__meta">
          <span>
            已保存 {list.length} / {MAX_DELIVERY_ADDRESSES} 个地址
            {isFull && '，请删除不用的地址后再添加'}
          </span>
          <span style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
            <Button icon={<PlusOutlined />} disabled={isFull} onClick={() => setEditing({ action: 'add' })}>
              新增地址
            </Button>
            {!selectable && (
              <>
                <ImportExcelButton type="addresses" disabled={isFull} />
                <ExportExcelButton request={{ ExportExcelType: 'addresses' }} disabled={list.length === 0} />
              </>
            )}
          </span>
        </div>
      </div>

      {addresses.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : list.length === 0 ? (
        <Empty description="还没有收货地址，粘贴一段地址点击“自动识别”即可添加" />
      ) : (
        <ul className="ink-address-book__list">
          {list.map((address) => (
            <AddressCard
              key={address.Id}
              address={address}
              selectable={selectable}
              isSelected={selectable && address.Id === selectedId}
              isSettingDefault={setDefault.isPending && setDefault.variables === address.Id}
              onChoose={() => choose(address)}
              onSetDefault={() =>
                setDefault.mutate(address.Id, { onSuccess: () => feedback.success('已设为默认地址') })
              }
              onEdit={() => setEditing({ action: 'edit', address })}
              onDelete={() => remove.mutateAsync(address.Id).then(() => feedback.success('删除成功'))}
            />
          ))}
        </ul>
      )}

      <AddressFormDialog
        open={editing !== null}
        action={editing?.action ?? 'add'}
        address={editing?.action === 'edit' ? editing.address : undefined}
        onClose={() => setEditing(null)}
        onSaved={choose}
      />
    </section>
  );
}
