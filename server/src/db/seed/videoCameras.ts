/**
 * The demo cameras, as the simulators serve them (simulators/seed/cameras.json; a test checks the two
 * agree): code, name, longitude, latitude, whether it has pan-tilt-zoom.
 */
export const DEMO_CAMERAS: readonly (readonly [string, string, number, number, boolean])[] = [
  ['hik-cam-01', '建设路与东风路口西北角', 117.257, 31.853, true],
  ['hik-cam-02', '文化路与黄河路口东南角', 117.294, 31.806, false],
  ['hik-cam-03', '新华路与中山路口西南角', 117.231, 31.859, true],
  ['hik-cam-04', '火车站南广场', 117.268, 31.812, false],
  ['hik-cam-05', '黄河路与淮河路口西北角', 117.305, 31.865, true],
  ['hik-cam-06', '望江路与建设路口东南角', 117.242, 31.818, false],
  ['hik-cam-07', '解放路与青年路口西南角', 117.279, 31.871, true],
  ['hik-cam-08', '体育中心东门', 117.316, 31.824, false],
  ['hik-cam-09', '胜利路与长江路口西北角', 117.253, 31.877, true],
  ['hik-cam-10', '青年路与滨河路口东南角', 117.29, 31.83, false],
  ['hik-cam-11', '光明路与望江路口西南角', 117.227, 31.883, true],
  ['hik-cam-12', '市政府西侧', 117.264, 31.836, false],
  ['hik-cam-13', '芜湖路与振兴路口西北角', 117.301, 31.889, true],
  ['hik-cam-14', '中山路与芜湖路口东南角', 117.238, 31.842, false],
  ['hik-cam-15', '和平路与文化路口西南角', 117.275, 31.895, true],
  ['hik-cam-16', '中心医院急诊入口', 117.312, 31.848, false],
  ['icc-cam-01', '文化路与建设路口东北角', 117.29, 31.874, true],
  ['icc-cam-02', '新华路与青年路口西北角', 117.227, 31.827, false],
  ['icc-cam-03', '振兴路与金寨路口东南角', 117.264, 31.88, true],
  ['icc-cam-04', '中心医院急诊入口', 117.301, 31.833, false],
  ['icc-cam-05', '望江路与滨河路口东北角', 117.238, 31.886, true],
  ['icc-cam-06', '解放路与望江路口西北角', 117.275, 31.839, false],
  ['icc-cam-07', '长江路与和平路口东南角', 117.312, 31.892, true],
  ['icc-cam-08', '科技馆正门', 117.249, 31.845, false],
  ['icc-cam-09', '青年路与芜湖路口东北角', 117.286, 31.898, true],
  ['icc-cam-10', '光明路与文化路口西北角', 117.223, 31.851, false],
  ['icc-cam-11', '淮河路与光明路口东南角', 117.26, 31.804, true],
  ['icc-cam-12', '滨湖公园南入口', 117.297, 31.857, false],
  ['icc-cam-13', '中山路与胜利路口东北角', 117.234, 31.81, true],
  ['icc-cam-14', '和平路与幸福路口西北角', 117.271, 31.863, false],
  ['icc-cam-15', '东风路与解放路口东南角', 117.308, 31.816, true],
  ['icc-cam-16', '高铁站出租车区', 117.245, 31.869, false],
];

/** Where the demo cameras stand: the first twelve of each platform in the first project, the rest in the second. */
export const DEMO_PLACES = [
  { project: 0, area: '科技园片区', site: '科苑路' },
  { project: 0, area: '科技园片区', site: '高新南路' },
  { project: 0, area: '蛇口片区', site: '海上世界' },
  { project: 0, area: '蛇口片区', site: '南海大道' },
  { project: 1, area: '湖滨片区', site: '湖滨路' },
  { project: 1, area: '湖滨片区', site: '北山街' },
] as const;
