import { Button, Popconfirm, Tag } from 'antd';
import { CheckCircleFilled, DeleteOutlined, EditOutlined, StarOutlined } from '@ant-design/icons';
import type { DeliverGoodsAddress } from '@inkstone/contracts';

export interface AddressCardProps {
  address: DeliverGoodsAddress;
  /** Cards can be chosen (checkout); this one is when `isSelected`. */
  selectable: boolean;
  isSelected: boolean;
  isSettingDefault: boolean;
  onChoose(): void;
  onSetDefault(): void;
  onEdit(): void;
  /** Deletes the address; the confirmation waits for it. */
  onDelete(): Promise<unknown>;
}

/** One saved address: contacts, phone and the full address, with 设为默认, 编辑 and 删除. */
export function AddressCard({
  address,
  selectable,
  isSelected,
  isSettingDefault,
  onChoose,
  onSetDefault,
  onEdit,
  onDelete,
}: AddressCardProps) {
  return (
    <li
      className={`ink-address-card${isSelected ? ' ink-address-card--selected' : ''}${
        selectable ? ' ink-address-card--selectable' : ''
      }`}
      aria-selected={selectable ? isSelected : undefined}
      onClick={onChoose}
    >
      <div className="ink-address-card__head">
        <strong className="ink-address-card__name">{address.contacts}</strong>
        <span className="ink-address-card__phone">{address.phoneNumber}</span>
        {address.IsDefault && <Tag color="success">默认</Tag>}
        {isSelected && <CheckCircleFilled className="ink-address-card__check" aria-label="已选择" />}
      </div>
      <p className="ink-address-card__line">{address.FullAddress}</p>
      <div className="ink-address-card__actions" onClick={(event) => event.stopPropagation()}>
        {!address.IsDefault && (
          <Button
            type="link"
            size="small"
            icon={<StarOutlined />}
            loading={isSettingDefault}
            onClick={onSetDefault}
          >
            设为默认
          </Button>
        )}
        <Button type="link" size="small" icon={<EditOutlined />} onClick={onEdit}>
          编辑
        </Button>
        <Popconfirm title="确定要删除吗?" okText="删除" cancelText="取消" onConfirm={onDelete}>
          <Button type="link" size="small" danger icon={<DeleteOutlined />}>
            删除
          </Button>
        </Popconfirm>
      </div>
    </li>
  );
}
