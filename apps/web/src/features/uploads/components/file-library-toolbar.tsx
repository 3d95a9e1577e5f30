import { SearchOutlined } from '@ant-design/icons';
import { Input, Select } from 'antd';
import { UPLOAD_TYPE_RULES } from '@inkstone/contracts';
import { formatBytes } from '../utils/format.ts';

const TYPE_OPTIONS = [
  { value: 0, label: '全部类型' },
  ...Object.entries(UPLOAD_TYPE_RULES).map(([type, rule]) => ({ value: Number(type), label: rule.label })),
];

export interface FileLibraryToolbarProps {
  keyword: string;
  onKeywordChange(keyword: string): void;
  /** The type filter is offered only when the library is not limited to one type. */
  showTypeFilter: boolean;
  typeFilter: number;
  onTypeFilterChange(type: number): void;
  total: number;
  /** Bytes of all the customer's files, once known. */
  totalSize: number | undefined;
}

/** Search by file name, filter by upload type, and how many files (and bytes) there are. */
export function FileLibraryToolbar(props: FileLibraryToolbarProps) {
  return (
    <div className="ink-file-library__toolbar">
      <Input
        className="ink-file-library__search"
        prefix={<SearchOutlined />}
        placeholder="搜索文件名"
        allowClear
        value={props.keyword}
        onChange={(event) => props.onKeywordChange(event.target.value)}
        aria-label="搜索文件名"
      />
      {props.showTypeFilter && (
        <Select
          className="ink-file-library__type"
          value={props.typeFilter}
          onChange={props.onTypeFilterChange}
          options={TYPE_OPTIONS}
          aria-label="文件类型"
        />
      )}
      <span className="ink-file-library__total">
        共 {props.total} 个文件
        {props.totalSize !== undefined ? ` · ${formatBytes(props.totalSize)}` : ''}
      </span>
    </div>
  );
}
