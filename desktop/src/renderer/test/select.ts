import { fireEvent, waitFor } from '@testing-library/react';

/** The texts of the open antd Select's options. */
export const selectOptions = (): (string | null)[] => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);

/**
 * Clicks the open Select's option whose text is `label`, looked up and clicked in one step and
 * retried until it is there: the list re-renders as a search or a load settles, and an option seen
 * a moment ago may be a new node (or briefly none) when the click comes (seen on a loaded CI run).
 */
export const pickOption = (label: string): Promise<void> =>
  waitFor(() => {
    const option = [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === label);
    if (!option) throw new Error(`no option "${label}" among ${JSON.stringify(selectOptions())}`);
    fireEvent.click(option);
  });
