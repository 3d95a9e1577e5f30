import { useMemo, useState } from 'react';
import { recogniseAddress } from '@inkstone/domain';
import type { RecognisedAddress } from '@inkstone/domain';
import { useAddresses } from '../api/query-deliver-goods-address.ts';
import { addressToLine } from '../utils/address-form.ts';
import { readRecentLines, rememberRecentLine } from '../utils/recent-lines.ts';

type How = 'dialog' | 'direct';

/**
 * The address line's suggestions — lines recognised lately and the saved addresses, matching
 * what is typed — and recognising a line: a refusal becomes the warning under the box, a
 * recognised line is remembered and passed on.
 */
export function useAddressLine(
  text: string,
  onRecognised: (value: RecognisedAddress, line: string, how: How) => void,
) {
  const [warning, setWarning] = useState<string | null>(null);
  const [recent, setRecent] = useState<string[]>(() => readRecentLines());
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const addresses = useAddresses();

  const options = useMemo(() => {
    const query = text.trim();
    const matches = (line: string) => !query || line.includes(query);
    const recentLines = recent.filter(matches);
    const saved = (addresses.data?.List ?? [])
      .map(addressToLine)
      .filter((line) => matches(line) && !recentLines.includes(line));
    const groups = [];
    if (recentLines.length > 0) {
      groups.push({ label: '最近识别', options: recentLines.map((line) => ({ value: line, label: line })) });
    }
    if (saved.length > 0) {
      groups.push({ label: '我的地址', options: saved.map((line) => ({ value: line, label: line })) });
    }
    return groups;
  }, [text, recent, addresses.data]);

  function recognise(line: string, how: How) {
    setIsMenuOpen(false);
    const result = recogniseAddress(line);
    if (!result.ok) {
      setWarning(result.warning);
      return;
    }
    setWarning(null);
    setRecent(rememberRecentLine(line));
    onRecognised(result.value, line, how);
  }

  return { warning, setWarning, isMenuOpen, setIsMenuOpen, options, recognise };
}
