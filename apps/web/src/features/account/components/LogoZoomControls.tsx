/** The logo editor's zoom: out and in by 0.1, and a slider from the fit level up to 5 (000 §2.6, §9). */
import { ActionIcon, Group, Slider, Text } from '@mantine/core';
import { IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { ZOOM_STEP, zoomBy, zoomRange, zoomTo, type ImageSize, type LogoView } from '../lib/logo-geometry';

type Props = { image: ImageSize; view: LogoView; onChange: (view: LogoView) => void; disabled: boolean };

const percent = (zoom: number) => `${Math.round(zoom * 100)}%`;

export function LogoZoomControls({ image, view, onChange, disabled }: Props) {
  const range = zoomRange(image);
  return (
    <Group gap="sm" wrap="nowrap">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Zoom out"
        disabled={disabled || view.zoom <= range.min}
        onClick={() => onChange(zoomBy(view, image, -1))}
      >
        <IconZoomOut size={18} stroke={1.5} aria-hidden="true" />
      </ActionIcon>
      <Slider
        flex={1}
        min={range.min}
        max={range.max}
        step={ZOOM_STEP}
        precision={4}
        value={view.zoom}
        onChange={(z) => onChange(zoomTo(view, image, z))}
        label={percent}
        thumbLabel="Zoom"
        thumbValueText={percent}
        disabled={disabled || range.min === range.max}
        data-testid="logo-zoom"
      />
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Zoom in"
        disabled={disabled || view.zoom >= range.max}
        onClick={() => onChange(zoomBy(view, image, 1))}
      >
        <IconZoomIn size={18} stroke={1.5} aria-hidden="true" />
      </ActionIcon>
      <Text size="sm" w={56} ta="right" data-testid="logo-zoom-value" aria-hidden="true">
        {percent(view.zoom)}
      </Text>
    </Group>
  );
}
