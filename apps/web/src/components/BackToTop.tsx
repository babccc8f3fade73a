/**
 * A Back to Top button for long pages (002 §2.15): it appears once the page has scrolled past the
 * threshold, scrolls back up and moves focus to the page's heading, so keyboard users start over there.
 */
import { Affix, Button, Transition } from '@mantine/core';
import { useReducedMotion, useWindowScroll } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';
import { BACK_TO_TOP_AFTER_PX } from '@wayguard/contracts';

type Props = {
  /** id of the element (the page heading, tabIndex -1) that takes focus at the top. */
  focusId: string;
  label?: string;
};

export function BackToTop({ focusId, label = 'Back to Top' }: Props) {
  const [scroll, scrollTo] = useWindowScroll();
  const reduceMotion = useReducedMotion();

  const toTop = () => {
    if (reduceMotion) window.scrollTo({ top: 0 });
    else scrollTo({ y: 0 });
    document.getElementById(focusId)?.focus({ preventScroll: true });
  };

  return (
    <Affix position={{ bottom: 24, right: 24 }} withinPortal={false}>
      <Transition transition="slide-up" mounted={scroll.y > BACK_TO_TOP_AFTER_PX}>
        {(styles) => (
          <Button
            style={styles}
            variant="filled"
            leftSection={<IconArrowUp size={18} aria-hidden="true" />}
            onClick={toTop}
          >
            {label}
          </Button>
        )}
      </Transition>
    </Affix>
  );
}
