/** Texts of the layout features (part of the `ui` namespace); en-US must have every zh-CN key. */
const zhCN = {
  'layout.placeholder': 'layout',
} as const;

const enUS: { readonly [K in keyof typeof zhCN]: string } = {
  'layout.placeholder': 'layout',
};

export const layoutTexts = { 'zh-CN': zhCN, 'en-US': enUS } as const;
