/** Texts of the layout, menu and tab features (part of the `ui` namespace); en-US has every zh-CN key. */
const zhCN = {
  'layout.collapseMenu': '折叠菜单',
  'layout.expandMenu': '展开菜单',
  'layout.hideHeader': '收起页头',
  'layout.showHeader': '展开页头',
  'layout.topNav': '系统导航',
  'layout.sideMenu': '侧边菜单',
  'layout.allMenus': '全部菜单',
  'layout.externalLink': '在新标签页打开',
  'layout.search': '搜索菜单',
  'layout.searchShortcut': 'Ctrl+K',
  'layout.searchEmpty': '没有匹配的页面',
  'layout.searchResults': '搜索结果',
  'tabs.label': '已打开的页面',
  'tabs.close': '关闭',
  'tabs.closeOthers': '关闭其他',
  'placeholder.note': '备注',
  'placeholder.noteHelp': '随手记下的备注只保留在这个标签页中，关闭标签页即清除。',
} as const;

const enUS: { readonly [K in keyof typeof zhCN]: string } = {
  'layout.collapseMenu': 'Collapse menu',
  'layout.expandMenu': 'Expand menu',
  'layout.hideHeader': 'Hide header',
  'layout.showHeader': 'Show header',
  'layout.topNav': 'Systems',
  'layout.sideMenu': 'Side menu',
  'layout.allMenus': 'All menus',
  'layout.externalLink': 'Opens in a new tab',
  'layout.search': 'Search menus',
  'layout.searchShortcut': 'Ctrl+K',
  'layout.searchEmpty': 'No matching page',
  'layout.searchResults': 'Search results',
  'tabs.label': 'Open pages',
  'tabs.close': 'Close',
  'tabs.closeOthers': 'Close others',
  'placeholder.note': 'Notes',
  'placeholder.noteHelp': 'Notes stay with this tab only and are cleared when the tab closes.',
};

export const layoutTexts = { 'zh-CN': zhCN, 'en-US': enUS } as const;
