/** Every page's document title is `${PRODUCT_NAME} | {page title}` (000 §2.2). */
import { useEffect } from 'react';
import { PRODUCT_NAME } from '@wayguard/contracts';

export function pageTitle(title: string): string {
  return `${PRODUCT_NAME} | ${title}`;
}

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
