// Grove console: disclosure buttons, tabs, the group tree (children fetched on demand) and
// the copy button. No dependencies; loaded with `defer` under a strict CSP.
"use strict";
(function () {
  // Disclosure: a button with data-toggle="<id>" shows or hides that element.
  document.querySelectorAll("[data-toggle]").forEach(function (button) {
    var target = document.getElementById(button.getAttribute("data-toggle"));
    if (!target) return;
    button.addEventListener("click", function () {
      var open = target.hasAttribute("hidden");
      if (open) target.removeAttribute("hidden"); else target.setAttribute("hidden", "");
      button.setAttribute("aria-expanded", String(open));
      if (open) {
        var first = target.querySelector("input:not([type=hidden]), select, textarea");
        if (first) first.focus();
      }
    });
  });

  // Tabs (ARIA tabs pattern, automatic activation).
  document.querySelectorAll("[role=tablist]").forEach(function (list) {
    var tabs = Array.prototype.slice.call(list.querySelectorAll("[role=tab]"));
    function select(tab, focus) {
      tabs.forEach(function (t) {
        var on = t === tab;
        t.setAttribute("aria-selected", String(on));
        t.tabIndex = on ? 0 : -1;
        var panel = document.getElementById(t.getAttribute("aria-controls"));
        if (panel) { if (on) panel.removeAttribute("hidden"); else panel.setAttribute("hidden", ""); }
      });
      if (focus) tab.focus();
      var url = new URL(window.location.href);
      url.searchParams.set("tab", tab.id.replace(/^tab-/, ""));
      window.history.replaceState(null, "", url.toString());
    }
    tabs.forEach(function (tab, i) {
      tab.addEventListener("click", function () { select(tab, false); });
      tab.addEventListener("keydown", function (e) {
        var next = null;
        if (e.key === "ArrowRight") next = tabs[(i + 1) % tabs.length];
        else if (e.key === "ArrowLeft") next = tabs[(i - 1 + tabs.length) % tabs.length];
        else if (e.key === "Home") next = tabs[0];
        else if (e.key === "End") next = tabs[tabs.length - 1];
        if (next) { e.preventDefault(); select(next, true); }
      });
    });
  });

  // Copy the value of the input named by data-copy.
  document.querySelectorAll("[data-copy]").forEach(function (button) {
    button.addEventListener("click", function () {
      var input = document.getElementById(button.getAttribute("data-copy"));
      if (!input) return;
      input.select();
      var done = function () { button.textContent = "Copied"; };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(input.value).then(done, function () { document.execCommand("copy"); done(); });
      } else {
        document.execCommand("copy");
        done();
      }
    });
  });

  // The group tree (ARIA tree pattern, flat with aria-level, roving tabindex): an item's
  // children are fetched when it is first expanded and inserted after it.
  var tree = document.querySelector("[role=tree]");
  if (!tree) return;
  var status = document.createElement("p");
  status.setAttribute("role", "status");
  status.className = "help";
  tree.parentNode.insertBefore(status, tree.nextSibling);

  function items() { return Array.prototype.slice.call(tree.querySelectorAll("[role=treeitem]")); }
  function level(item) { return Number(item.getAttribute("aria-level")) || 1; }
  // Shows exactly the items whose ancestors are all expanded.
  function refresh() {
    var open = [true, true];
    items().forEach(function (item) {
      var l = level(item);
      var shown = open[l] === true;
      item.hidden = !shown;
      open.length = l + 1;
      open[l + 1] = shown && item.getAttribute("aria-expanded") === "true";
    });
  }
  function visible() { return items().filter(function (item) { return !item.hidden; }); }
  function focusItem(item) {
    items().forEach(function (i) { i.tabIndex = -1; });
    item.tabIndex = 0;
    item.focus();
  }
  function parentOf(item) {
    var l = level(item);
    for (var p = item.previousElementSibling; p; p = p.previousElementSibling) if (level(p) < l) return p;
    return null;
  }
  function load(url, after, done) {
    status.textContent = "Loading…";
    fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } }).then(function (r) {
      return r.text().then(function (text) { return { ok: r.ok, text: text }; });
    }).then(function (r) {
      if (!r.ok) { status.textContent = r.text; return; }
      after.insertAdjacentHTML("afterend", r.text);
      status.textContent = "";
      done();
    }, function () { status.textContent = "The groups could not be loaded; check the connection and try again."; });
  }
  function expand(item) {
    if (item.getAttribute("data-loaded") === "true") {
      item.setAttribute("aria-expanded", "true");
      refresh();
      return;
    }
    var url = "/console/groups/children?parent=" + encodeURIComponent(item.getAttribute("data-uid")) +
      "&level=" + (level(item) + 1);
    load(url, item, function () {
      item.setAttribute("data-loaded", "true");
      var next = item.nextElementSibling;
      if (!next || level(next) <= level(item)) {
        item.removeAttribute("aria-expanded");
        status.textContent = item.querySelector(".label").textContent + " has no subgroups.";
      } else {
        item.setAttribute("aria-expanded", "true");
      }
      refresh();
    });
  }
  function collapse(item) {
    if (item.getAttribute("aria-expanded") === "true") item.setAttribute("aria-expanded", "false");
    refresh();
  }
  function activate(item) {
    if (item.classList.contains("more")) {
      var url = "/console/groups/children?parent=" + encodeURIComponent(item.getAttribute("data-parent")) +
        "&page_token=" + encodeURIComponent(item.getAttribute("data-token")) + "&level=" + level(item);
      load(url, item, function () {
        var next = item.nextElementSibling;
        item.remove();
        refresh();
        if (next) focusItem(next);
      });
      return;
    }
    window.location.href = item.getAttribute("data-href");
  }
  var first = tree.querySelector("[role=treeitem]");
  if (first) first.tabIndex = 0;
  tree.addEventListener("click", function (e) {
    var item = e.target.closest("[role=treeitem]");
    if (!item) return;
    if (e.target.classList.contains("twisty")) {
      if (item.getAttribute("aria-expanded") === "true") collapse(item); else if (item.hasAttribute("aria-expanded")) expand(item);
      focusItem(item);
    } else if (e.target.classList.contains("label")) {
      activate(item);
    }
  });
  tree.addEventListener("keydown", function (e) {
    var item = e.target.closest("[role=treeitem]");
    if (!item) return;
    var shown = visible();
    var i = shown.indexOf(item);
    var handled = true;
    switch (e.key) {
      case "ArrowDown": if (i + 1 < shown.length) focusItem(shown[i + 1]); break;
      case "ArrowUp": if (i > 0) focusItem(shown[i - 1]); break;
      case "Home": focusItem(shown[0]); break;
      case "End": focusItem(shown[shown.length - 1]); break;
      case "ArrowRight":
        if (item.getAttribute("aria-expanded") === "false") expand(item);
        else if (item.getAttribute("aria-expanded") === "true" && shown[i + 1]) focusItem(shown[i + 1]);
        break;
      case "ArrowLeft":
        if (item.getAttribute("aria-expanded") === "true") collapse(item);
        else { var up = parentOf(item); if (up) focusItem(up); }
        break;
      case "Enter": activate(item); break;
      default: handled = false;
    }
    if (handled) e.preventDefault();
  });
})();
