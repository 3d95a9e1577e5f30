/**
 * The demo merchants' help centre: what a print customer needs to know before and after
 * ordering, in six categories. Facts that differ per merchant (contacts, cut-off time, rest
 * days, papers, production days, express companies) come from the merchant's row, its demo
 * catalogue and its demo express companies, so the articles say what the site really does.
 * The category with code `about` is 关于我们: its first article is the v2 /about page.
 */
import type { Catalog, DemoExpressCompany } from '@inkstone/domain';

/** What the articles say about one merchant. */
export interface HelpContext {
  name: string;
  servicePhone: string;
  serviceQq: string;
  address: string;
  businessHours: string;
  catalog: Catalog;
  express: readonly DemoExpressCompany[];
  /** The picture of the print shop (about page). */
  workshopImage: { url: string; width: number; height: number };
}

export interface DemoHelpCategory {
  /** Fixed key the site looks for (`about`), or null. */
  code: string | null;
  title: string;
  articles: { title: string; html: string }[];
}

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

/** `80000` → `800`, `1550` → `15.5`. */
function yuan(fen: number): string {
  return (fen / 100).toFixed(2).replace(/\.?0+$/, '');
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function orderFlow(context: HelpContext): string {
  return `<h2>从报价到收货</h2>
<ol>
<li><strong>选商品、出报价</strong>：在报价中心选择商品，依次选择尺寸、纸张（款式）、颜色、工艺和数量，价格即时算出；价格明细列出纸张、印刷、工艺和数量优惠。</li>
<li><strong>加入购物车</strong>：一次可以把多个商品加入购物车，一起结算。</li>
<li><strong>确认订单</strong>：选择收货地址和快递方式（运费按重量和地区自动计算），可使用优惠券；给每个商品上传印刷文件，或从“我的文件”里选择以前上传过的文件。</li>
<li><strong>付款</strong>：账户余额、微信或支付宝扫码支付。</li>
<li><strong>审稿</strong>：付款后订单进入“待审稿”，审稿员核对文件尺寸、出血、分辨率和文字内容；文件有问题会退回并写明原因，补传文件后重新审核。</li>
<li><strong>生产与发货</strong>：审稿通过即安排生产，发货后可在订单详情查看快递单号。</li>
</ol>
<h2>订单状态</h2>
<table>
<thead><tr><th>状态</th><th>说明</th><th>您可以</th></tr></thead>
<tbody>
<tr><td>待付款</td><td>订单已提交，尚未付款；超过 24 小时未付款系统自动取消</td><td>去支付、取消订单、补传文件</td></tr>
<tr><td>待审稿</td><td>已付款，等待审核文件；“稿件退回”表示文件需要修改</td><td>补传文件、追加备注</td></tr>
<tr><td>生产中</td><td>文件已确认，正在印刷和后道加工</td><td>追加备注</td></tr>
<tr><td>已发货</td><td>已交快递或可到店自提</td><td>查看快递单号</td></tr>
<tr><td>已完成</td><td>订单已签收</td><td>再来一单</td></tr>
<tr><td>已取消</td><td>订单已取消，已付款项退回账户余额</td><td>再来一单</td></tr>
</tbody>
</table>
<p>付款后如需取消订单，请尽快联系客服（${escapeText(context.servicePhone)}）：尚未开始生产的订单可以取消并全额退回余额。</p>`;
}

function uploadGuide(): string {
  return `<h2>支持的文件</h2>
<ul>
<li><strong>首选 PDF</strong>（PDF/X-4 或“印刷质量”导出），字体嵌入、图片不压缩。</li>
<li>也可以上传 AI、EPS、CDR、PSD、INDD、TIF、JPG、PNG，以及 Word、Excel、PPT（文件打印类商品）；多个文件可压缩成 ZIP 或 RAR 一起上传。</li>
<li>单个文件最大 2GB。</li>
</ul>
<h2>上传方式</h2>
<ul>
<li>确认订单时在每个商品下点“上传文件”，或在“批量上传”页面一次上传多个文件。</li>
<li>大文件分块上传：网络中断或关闭页面后，重新选择同一个文件即可从断点继续，不必从头传。</li>
<li>上传过的文件保存在“我的文件”里，下次下单直接选择；同一个文件再次上传会瞬间完成（秒传）。</li>
</ul>
<h2>文件预检</h2>
<p>上传后系统会自动检查文件：PDF 的页面尺寸、出血和页数，图片的像素、实际分辨率（DPI）和色彩模式，并对照您选择的成品尺寸给出提示。标为“警告”的项目建议修改后再上传；无法自动检查的格式（如 CDR、PSD、压缩包）由审稿员人工检查。</p>
<h2>文件命名建议</h2>
<p>用“商品-尺寸-数量”命名，例如“名片-90x54-张经理.pdf”；多款文件请分别命名，不要只写“新建文件”。文件名不能包含 / \\ : * ? " &lt; &gt; | 等字符。</p>`;
}

function faq(context: HelpContext): string {
  return `<h3>1. 为什么我的价格和上次不一样？</h3>
<p>价格由尺寸、纸张、颜色、工艺和数量共同决定，数量越多单价越低；纸张价格调整后新报价会按新价计算，已下单的订单价格不变。</p>
<h3>2. 可以先看样再印刷吗？</h3>
<p>可以。下单时在备注写“需要打样”，或联系客服单独下打样订单；打样确认后再安排大货，交期顺延。</p>
<h3>3. 印出来的颜色和屏幕上不一样？</h3>
<p>屏幕显示的是 RGB 光色，印刷是 CMYK 油墨，鲜艳的绿色、蓝色、荧光色印刷后会偏暗，属于正常现象。对颜色要求高的订单请先打样，详见“色彩模式 CMYK”。</p>
<h3>4. 文件被退回了怎么办？</h3>
<p>在“我的订单”打开订单，查看退回原因，修改后点“补传文件”，订单会重新进入审核。</p>
<h3>5. 几点前下单当天能生产？</h3>
<p>每天 ${context.catalog.Calendar.CutoffTime} 前付款并审稿通过的订单当天排产，之后的订单顺延到下一个工作日，详见“交货周期”。</p>
<h3>6. 可以开发票吗？</h3>
<p>可以，增值税普通发票和专用发票均可开具，详见“发票”。</p>
<h3>7. 没有设计稿怎么办？</h3>
<p>可以在模板中心下载带出血线和安全区的模板自行设计，或联系客服（${escapeText(context.servicePhone)}）咨询设计服务。</p>`;
}

function bleedGuide(): string {
  return `<h2>什么是出血</h2>
<p>印刷品是先印在大纸上、再裁切成成品的。裁刀有约 ±1mm 的误差，如果背景颜色或图片刚好画到成品边缘，裁偏时边上就会露出白边。<strong>出血</strong>就是把背景和图片向成品边缘外多延伸一段，裁掉的是这一段，成品边缘不会露白。</p>
<h2>尺寸怎么设</h2>
<ul>
<li><strong>文件尺寸 = 成品尺寸 + 每边出血 × 2</strong>。</li>
<li>名片、宣传单、不干胶、信封：每边出血 <strong>2mm</strong>；海报、画册、手提袋：每边出血 <strong>3mm</strong>。</li>
<li><strong>安全距离</strong>：文字、二维码、logo 等重要内容离成品边缘至少 3mm（画册、海报 5mm 以上，骑马钉画册的订口一侧再多留 3mm）。</li>
<li>喷绘、写真、KT 板一般不需要出血，按成品尺寸制作即可；需要包边或打扣眼的，四周 3cm 内不要放重要内容。</li>
</ul>
<table>
<thead><tr><th>成品</th><th>成品尺寸</th><th>出血</th><th>文件尺寸</th></tr></thead>
<tbody>
<tr><td>标准名片</td><td>90×54mm</td><td>2mm</td><td>94×58mm</td></tr>
<tr><td>A4 宣传单</td><td>210×297mm</td><td>2mm</td><td>214×301mm</td></tr>
<tr><td>A3 海报</td><td>297×420mm</td><td>3mm</td><td>303×426mm</td></tr>
<tr><td>A4 画册（单页）</td><td>210×297mm</td><td>3mm</td><td>216×303mm</td></tr>
</tbody>
</table>
<h2>导出 PDF</h2>
<p>在 AI、InDesign 中导出 PDF 时勾选“使用文档出血设置”，并保留裁切标记；导出后 PDF 的裁切框（TrimBox）就是成品尺寸。模板中心的每个模板都画好了出血线、裁切线和安全区，可直接在模板上设计。</p>`;
}

function colourGuide(): string {
  return `<h2>用 CMYK 模式制作</h2>
<p>印刷使用青（C）、品红（M）、黄（Y）、黑（K）四色油墨。RGB 文件会在印刷前转换为 CMYK，过于鲜艳的颜色（荧光绿、亮蓝、亮紫）无法印出，转换后会变暗、变灰。请在设计软件中把文档颜色模式设为 <strong>CMYK</strong>，并以 CMYK 数值取色。</p>
<h2>黑色怎么设</h2>
<ul>
<li><strong>小字、细线用单黑</strong>：C0 M0 Y0 K100。四色叠加的黑字套印稍有偏差就会出现彩色毛边。</li>
<li><strong>大面积黑底用四色黑</strong>：建议 C40 M30 Y30 K100，比单黑更黑更实。</li>
<li>不要使用 C100 M100 Y100 K100：总墨量 400% 干燥慢，容易粘花、背面蹭脏。<strong>总墨量不超过 300%</strong>。</li>
</ul>
<h2>色差说明</h2>
<ul>
<li>不同纸张显色不同：铜版纸鲜艳，哑粉纸柔和，牛皮纸、特种纸偏暗偏黄。</li>
<li>同一文件不同批次之间存在轻微色差，国家标准允许范围内的色差不属于质量问题。</li>
<li>电脑屏幕无法准确显示印刷颜色，对颜色要求高的请先打样，或提供色卡编号（如潘通色号）。</li>
</ul>
<h2>专色</h2>
<p>普通四色印刷请把文件中的专色转为 CMYK；烫金、局部 UV、模切线等工艺需要的专色版请按“工艺文件制作”单独设置。</p>`;
}

function resolutionGuide(): string {
  return `<h2>分辨率要多少</h2>
<p>分辨率指图片在<strong>实际印刷尺寸</strong>下每英寸的像素数（DPI）。同一张图片放得越大，分辨率越低，印出来越模糊。</p>
<table>
<thead><tr><th>产品</th><th>建议分辨率（按成品 1:1）</th><th>说明</th></tr></thead>
<tbody>
<tr><td>名片、宣传单、画册、不干胶</td><td>300 DPI</td><td>低于 150 DPI 会明显发虚</td></tr>
<tr><td>海报、室内写真、KT 板</td><td>150–300 DPI</td><td>观看距离 1 米左右</td></tr>
<tr><td>户外喷绘、条幅</td><td>72–100 DPI</td><td>远看为主，尺寸很大时可更低</td></tr>
</tbody>
</table>
<h2>怎么算</h2>
<p>需要的像素 = 成品尺寸（mm）÷ 25.4 × DPI。例如 A4 宣传单满版图片（含出血 214×301mm）在 300 DPI 下需要约 2528×3555 像素。</p>
<h2>注意</h2>
<ul>
<li>把小图在软件里放大、或改大“分辨率”数值，不会让图片变清晰。</li>
<li>网页图片、聊天截图一般只有 72 DPI，只适合很小的尺寸。</li>
<li>二维码、文字、logo 尽量使用矢量格式（AI、EPS、PDF），任何尺寸都清晰。</li>
</ul>
<p>上传后系统会按您选择的成品尺寸计算图片的实际分辨率，低于 150 DPI 会提示。</p>`;
}

function fontGuide(): string {
  return `<h2>为什么要转曲</h2>
<p>我们的电脑上不一定装有您使用的字体，缺少字体时文字会被替换，版式错乱甚至出现乱码。把文字<strong>转为曲线</strong>（轮廓）后，文字就成了图形，不再依赖字体。</p>
<h2>怎么做</h2>
<ul>
<li><strong>Illustrator</strong>：全选文字 → 文字 → 创建轮廓（Ctrl+Shift+O）。</li>
<li><strong>CorelDRAW</strong>：全选 → 对象 → 转换为曲线（Ctrl+Q）。</li>
<li><strong>InDesign、Word 导出 PDF</strong>：选择“印刷质量”或 PDF/X，确认字体已全部嵌入。</li>
<li><strong>Photoshop</strong>：合并文字图层，或保存为分层 PSD 并附上字体文件名。</li>
</ul>
<p>转曲后文字无法再修改，请<strong>保留一份未转曲的源文件</strong>以便日后改稿。</p>
<h2>文字与线条的最小尺寸</h2>
<ul>
<li>正文字号不小于 6pt（约 2.1mm 高），反白字（深色底上的白字）不小于 7pt，细笔画字体再大一些。</li>
<li>线条粗细不小于 0.1mm（0.3pt），更细的线印刷后可能断线或消失。</li>
<li>二维码边长不小于 15mm，四周留白，印刷前请用手机扫一遍。</li>
</ul>
<h2>字体版权</h2>
<p>商用字体需要获得授权，印刷品上使用未授权字体的责任由委印方承担。可优先选择免费商用字体，例如思源黑体、思源宋体。</p>`;
}

function finishingFiles(): string {
  return `<h2>烫金、局部 UV</h2>
<ul>
<li>烫金、局部 UV 的位置需要单独做一个“工艺版”：新建图层或单独一页，需要烫金 / UV 的部分填 <strong>K100 实底</strong>，其余为空白，与印刷版尺寸、位置完全一致。</li>
<li>文件中注明“烫金版”“UV 版”，并写明烫金颜色（金、银、玫瑰金等）。</li>
<li>烫金线条不细于 0.2mm，文字不小于 6pt；大面积烫金容易起泡，建议单块不超过 5×5cm。</li>
</ul>
<h2>模切、异形</h2>
<ul>
<li>异形不干胶、异形卡片需要提供<strong>刀版线</strong>：用一种专色（命名为 CutContour 或“刀版”）描出裁切形状，线宽 0.25pt，不要填充。</li>
<li>刀版线画在成品边缘，背景仍需向外做 2mm 出血。</li>
<li>刀线转角过尖（小于 1mm 的尖角）、线条过细的部分容易撕裂，请适当圆滑。</li>
</ul>
<h2>折页、压痕</h2>
<p>三折页的内折页要比外面两页窄 2–3mm，才能折得平整；250g 以上的厚纸折叠前需要压痕，选择“对折”“三折”工艺时已包含压痕。</p>`;
}

function finishingGuide(): string {
  return `<p>后道工艺让印刷品更耐用、更有质感。以下是常见工艺，具体某个商品可选哪些工艺，以报价页面显示为准（不能同时选择的工艺会灰显并说明原因）。</p>
<table>
<thead><tr><th>工艺</th><th>效果</th><th>适合</th><th>注意</th></tr></thead>
<tbody>
<tr><td>覆哑膜</td><td>表面覆一层哑光膜，柔和不反光，防水耐磨</td><td>名片、画册封面、手提袋</td><td>深色大面积底色覆哑膜后手指印不明显，但划痕会显白</td></tr>
<tr><td>覆光膜</td><td>表面光亮，颜色更鲜艳</td><td>海报、宣传单、不干胶</td><td>反光，不适合需要书写的表面</td></tr>
<tr><td>烫金 / 烫银</td><td>用电化铝箔压出金属光泽的图案或文字</td><td>名片 logo、画册封面、请柬</td><td>需要单独的烫金版；通常与覆哑膜搭配</td></tr>
<tr><td>局部 UV</td><td>在局部涂一层高光油，形成亮面与哑面的对比</td><td>覆哑膜后的 logo、标题</td><td>必须先覆哑膜；需要单独的 UV 版</td></tr>
<tr><td>模切</td><td>用刀版按任意形状切出成品</td><td>异形不干胶、异形卡片、手提袋展开</td><td>需要提供刀版线</td></tr>
<tr><td>圆角</td><td>把四个直角切成圆角，不易卷边</td><td>名片、卡片</td><td>安全距离内不要放靠近角落的内容</td></tr>
<tr><td>压痕、折页</td><td>先压出折线再折叠，折痕整齐不爆色</td><td>折页、厚卡、手提袋</td><td>250g 以上纸张必须压痕</td></tr>
<tr><td>打孔、打扣眼</td><td>打孔便于悬挂；喷绘布四角打金属扣眼便于绑绳</td><td>吊牌、喷绘、条幅</td><td>孔位附近不要放文字</td></tr>
</tbody>
</table>
<p>工艺会增加生产时间，报价页面和“交货周期”显示的天数已经包含所选工艺需要的天数。</p>`;
}

function paperGuide(context: HelpContext): string {
  const rows = context.catalog.Papers.map(
    (paper) =>
      `<tr><td>${escapeText(paper.Name)}</td><td>${escapeText(paper.Material)}</td><td>${paper.Gsm}g</td></tr>`,
  ).join('\n');
  return `<h2>常见纸张</h2>
<ul>
<li><strong>铜版纸</strong>：表面光滑，色彩鲜艳，最常用。157g 适合宣传单，200–250g 适合海报、画册封面，300g 适合名片、卡片。</li>
<li><strong>哑粉纸</strong>：表面哑光，不反光，质感柔和，文字阅读舒适，适合画册内页、高档宣传单。</li>
<li><strong>白卡纸</strong>：厚实挺括，适合手提袋、包装、吊牌。</li>
<li><strong>特种纸</strong>（珠光纸、莱尼纹纸等）：带纹理或珠光效果，适合高端名片、请柬；颜色会比铜版纸暗一些。</li>
<li><strong>双胶纸</strong>：不反光，易书写，适合信封、信纸、表格、联单。</li>
<li><strong>牛皮纸</strong>：本色棕黄，环保复古，印刷颜色会偏暗，浅色图案不明显。</li>
<li><strong>不干胶</strong>：铜版纸不干胶适合普通标签；透明 PET 不干胶防水，适合瓶贴。</li>
</ul>
<h2>克重是什么</h2>
<p>克重（g）是每平方米纸张的重量，数字越大纸越厚：80g 约为复印纸，157g 约为杂志内页，300g 约为名片。</p>
<h2>本店在售纸张与材料</h2>
<table>
<thead><tr><th>名称</th><th>材质</th><th>克重</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}

function bindingGuide(): string {
  return `<h2>骑马钉</h2>
<p>对折后在书脊上打两颗订书钉，成本低、能完全摊平。适合 <strong>8–48 页</strong>的画册、说明书。页数必须是 <strong>4 的倍数</strong>（一张纸对折后是 4 页）。</p>
<h2>胶装</h2>
<p>内页配好后在书脊处上胶粘上封面，有平整的书脊，可以印书名。适合 <strong>24–120 页</strong>。胶装书中间靠书脊的部分不易翻开，订口一侧请多留 5mm 空白。</p>
<h2>页数怎么算</h2>
<ul>
<li>页数 = 面数，一张纸正反两面算 2 页；<strong>封面、封底（含封二、封三）共 4 页，计入总页数</strong>。</li>
<li>例如：封面 4 页 + 内页 16 页 = 20 页。</li>
<li>文件请按单页顺序排列（1、2、3…），不要自己拼成跨页，我们会按装订方式拼版。</li>
</ul>`;
}

function deliveryGuide(context: HelpContext): string {
  const calendar = context.catalog.Calendar;
  const rest = calendar.RestWeekdays.map((day) => WEEKDAYS[day]).join('、');
  const rows = context.catalog.Products.map((product) => {
    const tiers = product.ProductionDays.map((tier, index) => {
      const next = product.ProductionDays[index + 1];
      const range = next
        ? `${tier.MinQuantity}–${next.MinQuantity - 1}${product.Unit}`
        : `${tier.MinQuantity}${product.Unit}起`;
      return `${range}：${tier.Days === 0 ? '当天' : `${tier.Days} 个工作日`}`;
    }).join('；');
    return `<tr><td>${escapeText(product.Title)}</td><td>${escapeText(tiers)}</td></tr>`;
  }).join('\n');
  return `<h2>什么时候开始生产</h2>
<ul>
<li>每天 <strong>${calendar.CutoffTime}</strong> 前付款且文件审核通过的订单，当天开始生产；之后的订单从下一个工作日开始。</li>
<li>${rest ? `每${rest}休息，` : ''}法定节假日按公告安排。${escapeText(calendar.Note ?? '')}</li>
<li>文件被退回修改的，从补传文件并审核通过的时间重新计算。</li>
</ul>
<h2>生产周期</h2>
<p>生产周期按工作日计算，不含快递路上的时间；选择烫金、UV、模切、装订等工艺会增加天数，报价页面会显示预计发货日期。</p>
<table>
<thead><tr><th>商品</th><th>生产周期（按数量）</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<p>急单请在下单前联系客服（${escapeText(context.servicePhone)}）确认能否加急。</p>`;
}

function shippingGuide(context: HelpContext): string {
  const items = context.express
    .map((company) => {
      const template = company.Template;
      if (template.Kind === 'pickup') {
        return `<li><strong>${escapeText(company.Name)}</strong>：免运费，到店地址：${escapeText(context.address)}，营业时间 ${escapeText(context.businessHours)}。</li>`;
      }
      const free =
        template.FreeShippingMinFen === null || template.FreeShippingMinFen === undefined
          ? '按重量和地区计费'
          : `订单满 ${yuan(template.FreeShippingMinFen)} 元包邮（偏远地区除外）`;
      return `<li><strong>${escapeText(company.Name)}</strong>${company.IsDefault ? '（默认）' : ''}：${free}。</li>`;
    })
    .join('\n');
  return `<h2>可选的快递方式</h2>
<ul>
${items}
</ul>
<h2>运费怎么算</h2>
<ul>
<li>运费按<strong>包裹重量</strong>（纸张克重 × 面积 × 数量自动计算）和<strong>收货地区</strong>计算：首重价格 + 续重价格，确认订单页面会列出计算过程。</li>
<li>新疆、西藏等偏远地区和港澳地区运费较高，且不参加包邮。</li>
<li>大幅喷绘、KT 板等超长超重货物，可能改用物流或货运，客服会在发货前与您联系。</li>
</ul>
<h2>签收</h2>
<p>收货时请当面检查外包装，如有破损、受潮请拍照并要求快递员备注，再联系客服处理。</p>`;
}

function afterSales(context: HelpContext): string {
  return `<h2>可以售后的情况</h2>
<p>收货后 <strong>7 天内</strong>发现以下问题，请联系客服并提供订单号和照片，核实后免费重印或退款：</p>
<ul>
<li>印刷内容、尺寸、纸张、工艺与订单不符；</li>
<li>明显的印刷质量问题：严重色偏、套印不准、脏污、刮花、装订错误；</li>
<li>数量短少超过行业允许误差，或运输造成的破损（需签收时拍照）。</li>
</ul>
<h2>不属于质量问题的情况</h2>
<ul>
<li>文件本身的错误（错字、图片模糊、RGB 色偏、缺出血），审稿不代替校对，内容以您确认的文件为准；</li>
<li>国家标准允许范围内的轻微色差，以及与屏幕显示、其他厂家印刷品的颜色差异；</li>
<li>裁切 ±1mm 以内的误差、数量 ±3‰ 以内的误差；</li>
<li>定制印刷品为按需生产，非质量问题不支持退换。</li>
</ul>
<h2>处理方式</h2>
<p>联系客服：${escapeText(context.servicePhone)}（${escapeText(context.businessHours)}），QQ：${escapeText(context.serviceQq)}。问题确认后，我们会优先安排重印；无法重印的退款到账户余额或原支付方式。</p>`;
}

function paymentGuide(): string {
  return `<h2>支付方式</h2>
<ul>
<li><strong>账户余额</strong>：余额足够时一键支付，无需扫码。</li>
<li><strong>微信支付、支付宝</strong>：扫描支付页面的二维码付款，二维码过期后点击刷新即可。</li>
<li><strong>余额充值</strong>：在“账户设置”中充值，充值后下单直接用余额支付，适合经常下单的客户。</li>
</ul>
<h2>注意事项</h2>
<ul>
<li>订单提交后 <strong>24 小时内</strong>未付款，系统会自动取消；取消后可在订单详情“再来一单”。</li>
<li>一次可以合并支付多个订单。</li>
<li>付款成功后页面会自动跳转；如已扣款但订单仍显示待付款，请不要重复支付，稍等一两分钟刷新，或联系客服。</li>
<li>订单取消或售后退款，退回到账户余额，可用于下次下单；余额明细可在“账单”中查看。</li>
</ul>`;
}

function invoiceGuide(context: HelpContext): string {
  return `<h2>可开具的发票</h2>
<ul>
<li><strong>增值税普通发票</strong>（电子发票）：个人或企业均可开具。</li>
<li><strong>增值税专用发票</strong>：需提供企业完整开票信息。</li>
</ul>
<h2>开票信息</h2>
<p>请提供：发票抬头、纳税人识别号；开专票还需地址电话、开户行及账号。可以在下单时写在订单备注里，或订单完成后联系客服。</p>
<h2>开票时间</h2>
<ul>
<li>订单完成后 30 天内可申请开票，电子发票一般在 3 个工作日内发送到您的邮箱。</li>
<li>发票金额为实际支付金额（优惠券抵扣部分不开票），运费可一并开具。</li>
<li>用余额充值的款项，按实际消费的订单开票。</li>
</ul>
<p>开票咨询：${escapeText(context.servicePhone)}。</p>`;
}

function aboutUs(context: HelpContext): string {
  const image = context.workshopImage;
  return `<p><img src="${image.url}" alt="${escapeText(context.name)}生产车间" width="${image.width}" height="${image.height}"></p>
<p><strong>${escapeText(context.name)}</strong>是一家专注企业印刷的综合印刷服务商，拥有数码快印和胶印生产线，为企业、门店、设计公司提供名片、宣传单、海报、画册、不干胶、包装和广告喷绘等印刷服务。</p>
<h2>我们的承诺</h2>
<ul>
<li><strong>价格透明</strong>：在线报价列出纸张、印刷、工艺每一项费用，下单价即结算价。</li>
<li><strong>专业审稿</strong>：每一份文件都由审稿员检查尺寸、出血、分辨率，有问题先沟通再印刷。</li>
<li><strong>准时交货</strong>：${escapeText(context.catalog.Calendar.CutoffTime)} 前确认的订单当天排产，发货日期在下单时就能看到。</li>
<li><strong>售后无忧</strong>：质量问题免费重印。</li>
</ul>
<h2>联系我们</h2>
<p>地址：${escapeText(context.address)}<br>电话：${escapeText(context.servicePhone)}<br>营业时间：${escapeText(context.businessHours)}</p>`;
}

function contactUs(context: HelpContext): string {
  return `<table>
<tbody>
<tr><th scope="row">客服电话</th><td>${escapeText(context.servicePhone)}</td></tr>
<tr><th scope="row">客服 QQ</th><td>${escapeText(context.serviceQq)}</td></tr>
<tr><th scope="row">营业时间</th><td>${escapeText(context.businessHours)}</td></tr>
<tr><th scope="row">门店地址</th><td>${escapeText(context.address)}</td></tr>
</tbody>
</table>
<p>到店自提请带上订单号，自提前可先电话确认货物已备好。设计、打样、大批量订单报价，欢迎来电或到店洽谈。</p>`;
}

/** The six categories and their articles for one merchant. */
export function demoHelpCategories(context: HelpContext): DemoHelpCategory[] {
  return [
    {
      code: null,
      title: '新手指南',
      articles: [
        { title: '下单流程与订单状态', html: orderFlow(context) },
        { title: '上传文件说明', html: uploadGuide() },
        { title: '常见问题', html: faq(context) },
      ],
    },
    {
      code: null,
      title: '文件制作',
      articles: [
        { title: '文件要求与出血', html: bleedGuide() },
        { title: '色彩模式 CMYK', html: colourGuide() },
        { title: '图片分辨率', html: resolutionGuide() },
        { title: '字体与转曲', html: fontGuide() },
        { title: '工艺文件制作（烫金、UV、模切）', html: finishingFiles() },
      ],
    },
    {
      code: null,
      title: '印刷工艺',
      articles: [
        { title: '印刷工艺说明（覆膜、烫金、UV、模切、圆角）', html: finishingGuide() },
        { title: '纸张说明', html: paperGuide(context) },
        { title: '装订方式与页数', html: bindingGuide() },
      ],
    },
    {
      code: null,
      title: '配送与售后',
      articles: [
        { title: '交货周期', html: deliveryGuide(context) },
        { title: '物流与运费', html: shippingGuide(context) },
        { title: '售后与退换', html: afterSales(context) },
      ],
    },
    {
      code: null,
      title: '支付与发票',
      articles: [
        { title: '付款方式', html: paymentGuide() },
        { title: '发票', html: invoiceGuide(context) },
      ],
    },
    {
      code: 'about',
      title: '关于我们',
      articles: [
        { title: `关于${context.name}`, html: aboutUs(context) },
        { title: '联系我们', html: contactUs(context) },
      ],
    },
  ];
}
