/** Texts of the account features (part of the `ui` namespace); en-US must have every zh-CN key. */
const zhCN = {
  'account.placeholder': 'account',
} as const;

const enUS: { readonly [K in keyof typeof zhCN]: string } = {
  'account.placeholder': 'account',
};

export const accountTexts = { 'zh-CN': zhCN, 'en-US': enUS } as const;
