import { Button } from 'antd';
import { DeleteOutlined, EditOutlined, UndoOutlined } from '@ant-design/icons';
import type { LngLat } from '@cityops/contract';
import { mapTexts } from './texts';
import styles from './LocationPicker.module.css';

export interface OutlineToolsProps {
  polygon: readonly LngLat[];
  /** Whether a click on the map adds a corner. */
  drawing: boolean;
  onDrawingChange(drawing: boolean): void;
  onChange(polygon: LngLat[]): void;
  disabled?: boolean;
}

/** 绘制边界 / 撤销上一点 / 清除边界 and the corner count: the tools over a map that edits an outline. */
export function OutlineTools({ polygon, drawing, onDrawingChange, onChange, disabled }: OutlineToolsProps) {
  const t = mapTexts.useTexts();
  return (
    <div className={styles.tools}>
      <Button
        size="small"
        type={drawing ? 'primary' : 'default'}
        icon={<EditOutlined />}
        disabled={disabled}
        aria-pressed={drawing}
        onClick={() => onDrawingChange(!drawing)}
      >
        {drawing ? t('drawDone') : t('draw')}
      </Button>
      <Button
        size="small"
        icon={<UndoOutlined />}
        disabled={disabled || polygon.length === 0}
        onClick={() => onChange(polygon.slice(0, -1))}
      >
        {t('undoCorner')}
      </Button>
      <Button
        size="small"
        icon={<DeleteOutlined />}
        disabled={disabled || polygon.length === 0}
        onClick={() => onChange([])}
      >
        {t('clearOutline')}
      </Button>
      <span className={styles.hint}>{drawing ? t('drawHint') : t('corners', { count: polygon.length })}</span>
    </div>
  );
}
