// The document frame every form of a company shares (FormTemplate.templateFrame, Document.templateFrame): the
// title, the document number, the drafter / department / date block, the stamp boxes of the approval line and
// the body. The client fills each <gw-slot name="..."> (FRAME_SLOTS in shared/approval/forms.ts): title,
// formName, docNum, drafter, draftOrgan, draftedAt, completedAt, openType, stamps (the line's stamp boxes,
// drawn from Document.lines), receivers, body (the form's templateBody with its fields). Its labels are
// <gw-label key="..."> (FRAME_LABELS) the client shows in the reader's language; the Korean text inside each is
// the label where the key is not known.
export const TEMPLATE_FRAME = [
  '<div class="gw-doc">',
  '<h1 class="gw-doc-form"><gw-slot name="formName"></gw-slot></h1>',
  '<table class="gw-doc-head"><tbody>',
  '<tr><th scope="row"><gw-label key="docNum">문서번호</gw-label></th><td><gw-slot name="docNum"></gw-slot></td>',
  '<td class="gw-doc-stamps" rowspan="5"><gw-slot name="stamps"></gw-slot></td></tr>',
  '<tr><th scope="row"><gw-label key="draftOrgan">기안부서</gw-label></th><td><gw-slot name="draftOrgan"></gw-slot></td></tr>',
  '<tr><th scope="row"><gw-label key="drafter">기안자</gw-label></th><td><gw-slot name="drafter"></gw-slot></td></tr>',
  '<tr><th scope="row"><gw-label key="draftedAt">기안일</gw-label></th><td><gw-slot name="draftedAt"></gw-slot></td></tr>',
  '<tr><th scope="row"><gw-label key="completedAt">완료일</gw-label></th><td><gw-slot name="completedAt"></gw-slot></td></tr>',
  '<tr><th scope="row"><gw-label key="openType">공개 범위</gw-label></th><td colspan="2"><gw-slot name="openType"></gw-slot></td></tr>',
  '<tr><th scope="row"><gw-label key="receivers">수신</gw-label></th><td colspan="2"><gw-slot name="receivers"></gw-slot></td></tr>',
  '<tr><th scope="row"><gw-label key="title">제목</gw-label></th><td colspan="2" class="gw-doc-title"><gw-slot name="title"></gw-slot></td></tr>',
  "</tbody></table>",
  '<div class="gw-doc-body"><gw-slot name="body"></gw-slot></div>',
  "</div>",
].join("");
