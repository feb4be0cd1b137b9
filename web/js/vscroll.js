// A virtual list of fixed-height rows: only the rows in view exist in the DOM, so millions of
// rows scroll smoothly. Past MAX pixels the scrollbar is scaled (browsers cap element heights):
// the scroll fraction picks the first row, so every row stays reachable.

const MAX = 4_000_000;
const OVERSCAN = 4;

export class VScroll {
  /**
   * @param {HTMLElement} box the scrolling element (overflow: auto; position: relative)
   * @param {number} rowHeight in pixels
   * @param {(i: number) => HTMLElement} renderRow
   */
  constructor(box, rowHeight, renderRow) {
    this.box = box;
    this.h = rowHeight;
    this.renderRow = renderRow;
    this.n = 0;
    this.first = 0;
    this.shown = 0;
    this.spacer = document.createElement('div');
    this.spacer.className = 'vs-spacer';
    this.layer = document.createElement('div');
    this.layer.className = 'vs-layer';
    // Wrappers only: the rows belong to the box's own role (tree, grid).
    this.spacer.setAttribute('role', 'presentation');
    this.layer.setAttribute('role', 'presentation');
    box.replaceChildren(this.spacer, this.layer);
    this.onRender = null;
    this.beforeRender = null;
    let pending = false;
    box.addEventListener('scroll', () => {
      if (pending) return;
      pending = true;
      requestAnimationFrame(() => { pending = false; this.render(); });
    });
    if (typeof ResizeObserver !== 'undefined') {
      new ResizeObserver(() => this.render()).observe(box);
    }
  }

  get scaled() { return this.n * this.h > MAX; }

  visibleCount() { return Math.max(1, Math.ceil(this.box.clientHeight / this.h)); }

  setCount(n) {
    this.n = n;
    this.spacer.style.height = `${Math.min(n * this.h, MAX)}px`;
    this.render();
  }

  render() {
    const vis = this.visibleCount();
    const top = this.box.scrollTop;
    let first;
    let layerTop;
    if (!this.scaled) {
      first = Math.floor(top / this.h);
      layerTop = first * this.h;
    } else {
      const maxScroll = Math.max(1, this.box.scrollHeight - this.box.clientHeight);
      first = Math.round((top / maxScroll) * Math.max(0, this.n - vis + 1));
      layerTop = top;
    }
    first = Math.max(0, Math.min(first, Math.max(0, this.n - 1)));
    const last = Math.min(this.n, first + vis + OVERSCAN);
    if (this.beforeRender) this.beforeRender(first, last);
    const rows = [];
    for (let i = first; i < last; i++) rows.push(this.renderRow(i));
    this.layer.style.transform = `translateY(${layerTop}px)`;
    this.layer.replaceChildren(...rows);
    this.first = first;
    this.shown = Math.min(vis, last - first);
    if (this.onRender) this.onRender(first, first + this.shown);
  }

  /** Scrolls so that row i is in view (nearest edge, or centred if far). */
  scrollToRow(i) {
    const vis = this.visibleCount();
    if (!this.scaled) {
      const top = i * this.h;
      const st = this.box.scrollTop;
      if (top < st) this.box.scrollTop = top;
      else if (top + this.h > st + this.box.clientHeight) {
        this.box.scrollTop = top + this.h - this.box.clientHeight;
      }
    } else if (i < this.first || i >= this.first + vis - 1) {
      const maxScroll = Math.max(1, this.box.scrollHeight - this.box.clientHeight);
      const span = Math.max(1, this.n - vis + 1);
      this.box.scrollTop = (Math.max(0, i - Math.floor(vis / 2)) / span) * maxScroll;
    }
    this.render();
  }
}
