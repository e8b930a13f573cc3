import { useCallback, useRef } from 'react';

import type { FormInstance } from 'antd';

/**
 * What a LocationPicker's `onAddress` calls: the map provider's address for a newly placed point goes
 * into the form's address field while that field is empty or still holds the map's previous answer,
 * cut to the field's `max`. An address the user typed is never overwritten.
 */
export function useAddressFill(max: number, field = 'address') {
  const fromMap = useRef('');
  return useCallback(
    (form: FormInstance) => (address: string) => {
      const value = form.getFieldValue(field);
      const current = (typeof value === 'string' ? value : '').trim();
      if (current !== '' && current !== fromMap.current) return;
      fromMap.current = address.slice(0, max);
      form.setFieldValue(field, fromMap.current);
    },
    [field, max],
  );
}
